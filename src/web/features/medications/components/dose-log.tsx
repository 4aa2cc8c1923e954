import { Clock, Undo2 } from 'lucide-react';
import { useState } from 'react';
import type { DoseEntry, Medication } from '../../../../shared/contracts/medications';
import { formatDate, formatTime } from '../../../../shared/rules/formats';
import { TakenAtDialog } from '../../../components/medications/on-demand';
import { clockDateTimeWords, clockOf, clockTimeWords, usePatientZone } from '../../../components/medications/patient-clock';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/api-client';
import { doseLogQuery, useCorrectDose, useUndoDose } from '../../../lib/api/medications';
import { usePatientId } from '../../../lib/patient-id';
import { usePagedList } from '../../../lib/use-paged-list';
import { usePatientToday } from '../../../lib/use-patient-today';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { statusWithReason } from '../../../components/medications/medication-words';

/** Which dose an entry is about: 'Mar 3, 2026, 8:00 AM dose', or 'As-needed dose'. */
const doseWords = (entry: DoseEntry) =>
  entry.scheduledDate && entry.scheduledTime ? `${formatDate(entry.scheduledDate)}, ${formatTime(entry.scheduledTime)} dose` : 'As-needed dose';

/** 'Taken at 8:05 AM' on the dose's own day; the day too when it was another ('Taken Mar 4, 2026, 12:10 AM'). */
function takenWords(entry: DoseEntry, takenAt: string, zone: string | null): string {
  if (entry.scheduledDate === clockOf(takenAt, zone).date) return `Taken at ${clockTimeWords(takenAt, zone)}`;
  return `Taken ${clockDateTimeWords(takenAt, zone)}`;
}

interface DoseLogProps {
  medication: Medication;
  /** The list's id, for the button that shows it (aria-controls). */
  id: string;
  /** Where focus goes when the entry that had it is undone. */
  headingId: string;
}

/** One medication's dose log, newest first, a page at a time; each entry can be undone, and a taken one's time corrected. */
export function DoseLog({ medication, id, headingId }: DoseLogProps) {
  const patientId = usePatientId();
  const zone = usePatientZone();
  const today = usePatientToday();
  const log = usePagedList(doseLogQuery(patientId, medication.id));
  const undo = useUndoDose(patientId);
  const correct = useCorrectDose(patientId);
  const [editing, setEditing] = useState<DoseEntry | null>(null);
  const focus = useReturnFocus(headingId);

  function undoEntry(entry: DoseEntry) {
    if (undo.isPending) return;
    undo.mutate(entry.id, {
      onSuccess: () => {
        toast({ title: 'Dose undone', description: `${medication.name}: the ${doseWords(entry).toLowerCase()} is no longer logged.` });
        document.getElementById(headingId)?.focus();
      },
      onError: (error) => toast({ title: 'Error', description: `Failed to undo the dose: ${serverMessage(error)}`, variant: 'destructive' }),
    });
  }

  function saveTime(takenAt: Date) {
    if (!editing || correct.isPending) return;
    correct.mutate(
      { entryId: editing.id, body: { status: 'taken', takenAt: takenAt.toISOString() } },
      {
        onSuccess: () => {
          toast({ title: 'Dose updated', description: `${medication.name} taken ${clockDateTimeWords(takenAt, zone)}.` });
          setEditing(null);
        },
        onError: (error) => toast({ title: 'Error', description: `Failed to update the dose: ${serverMessage(error)}`, variant: 'destructive' }),
      },
    );
  }

  return (
    <div id={id} className="space-y-2 rounded-md border bg-muted/40 p-3">
      <h4 className="text-sm font-semibold">Dose log</h4>
      {log.isPending ? (
        <div className="space-y-2" aria-busy="true">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : log.isError ? (
        <p className="text-sm text-muted-foreground">Could not load the dose log right now.</p>
      ) : log.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No doses logged yet.</p>
      ) : (
        <ul className="divide-y">
          {log.items.map((entry) => {
            const about = `${medication.name}, ${doseWords(entry).toLowerCase()}`;
            return (
              <li key={entry.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <div className="min-w-0">
                  <p className="font-medium">{doseWords(entry)}</p>
                  <p className="text-muted-foreground">
                    {entry.status === 'taken' && entry.takenAt
                      ? takenWords(entry, entry.takenAt, zone)
                      : statusWithReason(entry)}
                  </p>
                </div>
                <div className="flex shrink-0 gap-1">
                  {entry.status === 'taken' && (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Edit the time of ${about}`}
                      onClick={() => {
                        focus.remember();
                        setEditing(entry);
                      }}
                    >
                      <Clock aria-hidden="true" />
                      Edit time
                    </Button>
                  )}
                  <Button variant="ghost" size="sm" aria-label={`Undo ${about}`} onClick={() => undoEntry(entry)}>
                    <Undo2 aria-hidden="true" />
                    Undo
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {log.hasMore && (
        <Button variant="outline" size="sm" onClick={log.askMore} aria-disabled={log.more === 'loading' || undefined}>
          {log.more === 'loading' ? 'Loading...' : 'Show more'}
        </Button>
      )}
      {log.more === 'failed' && <p className="text-sm text-muted-foreground">Could not load more right now.</p>}
      <TakenAtDialog
        title={editing ? `When did you take ${medication.name}?` : null}
        description={editing ? `The ${doseWords(editing).toLowerCase()}, on your own clock.` : ''}
        initial={editing?.takenAt ? clockOf(editing.takenAt, zone) : { date: today, time: '' }}
        today={today}
        zone={zone}
        saveLabel="Save Time"
        pending={correct.isPending}
        onSave={saveTime}
        onClose={() => setEditing(null)}
        onCloseAutoFocus={focus.restore}
      />
    </div>
  );
}
