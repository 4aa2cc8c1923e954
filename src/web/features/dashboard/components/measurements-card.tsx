import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { paths } from '../../../app/paths';
import { clockDateTimeWords, usePatientZone } from '../../../components/medications/patient-clock';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { latestObservationsQuery } from '../../../lib/api/observations';
import { usePatientId } from '../../../lib/patient-id';
import { FLAG_WORDS } from '../../../components/observations/observation-words';
import { BLOOD_PRESSURE, BODY_WEIGHT } from '../../../../shared/rules/measure-codes';
import { readingWords } from '../../../../shared/rules/observations';

/**
 * The dashboard's measurements (issue 35): the latest blood pressure and weight, and each lab whose latest result is
 * flagged. Quiet when there is none of these: nothing shows while it loads or for a patient who records no readings.
 */
export default function MeasurementsCard({ className }: { className?: string }) {
  const patientId = usePatientId();
  const zone = usePatientZone();
  const latest = useQuery(latestObservationsQuery(patientId));
  const readings = latest.data ?? [];
  const vitals = readings.filter((reading) => reading.code === BLOOD_PRESSURE || reading.code === BODY_WEIGHT);
  const flaggedLabs = readings.filter((reading) => reading.kind === 'laboratory' && reading.flag !== null);
  const shown = [...vitals, ...flaggedLabs];
  if (shown.length === 0) return null;
  return (
    <Card aria-labelledby="measurements-card-heading" className={className}>
      <CardHeader>
        <CardTitle id="measurements-card-heading">Latest measurements</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((reading) => (
            <li key={reading.code} className="rounded-lg border p-3">
              <Link href={reading.kind === 'laboratory' ? paths.labResults : paths.vitals} className="block space-y-1 rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
                <span className="block text-sm text-muted-foreground">{reading.name}</span>
                <span className="flex flex-wrap items-center gap-2">
                  <span className="text-lg font-semibold tabular-nums">{readingWords(reading)}</span>
                  {reading.flag && <Badge variant={reading.flag.startsWith('critical') ? 'destructive' : 'warning'}>{FLAG_WORDS[reading.flag]}</Badge>}
                </span>
                <span className="block text-xs text-muted-foreground">{clockDateTimeWords(reading.takenAt, zone)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
