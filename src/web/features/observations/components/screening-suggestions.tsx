import { useQuery } from '@tanstack/react-query';
import { ClipboardCheck } from 'lucide-react';
import type { Observation } from '../../../../shared/contracts/observations';
import { formatDate } from '../../../../shared/rules/formats';
import { measureInSentence } from '../../../../shared/rules/observations';
import { screeningOfMeasure, withinInterval } from '../../../../shared/rules/reading-screening';
import { clockOf, usePatientZone } from '../../../components/medications/patient-clock';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/api-client';
import { useCountAsScreening } from '../../../lib/api/observations';
import { recommendationsQuery } from '../../../lib/api/preventative-care';
import { usePatientId } from '../../../lib/patient-id';
import { usePatientToday } from '../../../lib/use-patient-today';

interface Suggestion {
  ruleId: string;
  service: string;
  status: string;
  reading: Observation;
  day: string;
}

/**
 * A screening that one of the newest readings can count as (a blood pressure, a lipid panel's test, an A1c), while
 * Recommended Care says it is not done: the patient confirms it here, and it is recorded as done on the reading's day
 * (issue 35). Nothing shows when no reading is one, or the screening is done.
 */
export function ScreeningSuggestions({ readings }: { readings: readonly Observation[] }) {
  const patientId = usePatientId();
  const zone = usePatientZone();
  const today = usePatientToday();
  // The readings that are a screening, each with its guideline, looked up once.
  const screenings = readings.flatMap((reading) => {
    const rule = screeningOfMeasure(reading.code);
    return rule ? [{ reading, rule }] : [];
  });
  // Asked only when a reading is a screening: most pages of labs never need Recommended Care.
  const recommendations = useQuery({ ...recommendationsQuery(patientId), enabled: screenings.length > 0 });
  const count = useCountAsScreening(patientId);

  const suggestions: Suggestion[] = (recommendations.data?.rows ?? []).flatMap((row) => {
    if (row.status === 'Completed') return [];
    // The newest reading of the measures that are this screening (readings come newest of each measure).
    const newest = screenings.filter(({ rule }) => rule.id === row.id).sort((a, b) => b.reading.takenAt.localeCompare(a.reading.takenAt))[0];
    if (!newest) return [];
    const day = clockOf(newest.reading.takenAt, zone).date;
    return withinInterval(newest.rule, day, today) ? [{ ruleId: row.id, service: row.service, status: row.status, reading: newest.reading, day }] : [];
  });
  if (suggestions.length === 0) return null;

  function confirm(suggestion: Suggestion) {
    count.mutate(suggestion.reading.id, {
      onSuccess: (item) =>
        toast({ title: 'Screening recorded', description: `${suggestion.service}: done on ${formatDate(item.lastCompleted ?? suggestion.day)}.` }),
      onError: (error) => toast({ title: 'Error', description: `Failed to record the screening: ${serverMessage(error)}`, variant: 'destructive' }),
    });
  }

  return (
    <section aria-labelledby="screenings-heading" className="space-y-3">
      <h2 id="screenings-heading" className="text-lg font-semibold">
        Screenings your readings can count as
      </h2>
      <ul className="space-y-3">
        {suggestions.map((suggestion) => (
          <li key={suggestion.ruleId} className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
            <div className="flex gap-3">
              <ClipboardCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <p className="text-sm">
                <span className="font-medium">{suggestion.service}</span> is {suggestion.status === 'Upcoming' ? 'coming up' : suggestion.status.toLowerCase()}. Your{' '}
                {measureInSentence(suggestion.reading.name)} of {formatDate(suggestion.day)} can count as it, if it was taken for it.
              </p>
            </div>
            <Button
              variant="outline"
              className="shrink-0"
              aria-label={`Count your ${measureInSentence(suggestion.reading.name)} of ${formatDate(suggestion.day)} as ${suggestion.service}`}
              disabled={count.isPending}
              onClick={() => confirm(suggestion)}
            >
              Count as done
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
