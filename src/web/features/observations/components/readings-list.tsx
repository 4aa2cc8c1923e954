import { useDeferredValue, useState } from 'react';
import type { Observation } from '../../../../shared/contracts/observations';
import type { MeasureKind, UnitSystem } from '../../../../shared/rules/measures';
import { clockDateTimeWords, usePatientZone } from '../../../components/medications/patient-clock';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { RowActions } from '../../../components/ui/row-actions';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/api-client';
import { readingsQuery, useDeleteObservation, useSaveObservation } from '../../../lib/api/observations';
import { usePatientId } from '../../../lib/patient-id';
import { usePagedList } from '../../../lib/use-paged-list';
import { usePatientToday } from '../../../lib/use-patient-today';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { FLAG_WORDS } from '../../../components/observations/observation-words';
import { rangeWords, readingWords } from '../../../../shared/rules/observations';
import { ReadingFields } from './on-demand';
import { readingDefaults } from './reading-values';

const SOURCE_WORDS = { patient: 'Entered by you', device: 'From a device', provider: 'From a provider', lab: 'From a lab' } as const;

/** Every reading of the kind, newest first, a page at a time; each can be corrected or removed. */
export function ReadingsList({ kind, system }: { kind: MeasureKind; system: UnitSystem }) {
  const patientId = usePatientId();
  const zone = usePatientZone();
  const today = usePatientToday();
  const list = usePagedList(readingsQuery(patientId, kind));
  // The rows (each with its buttons and their tooltips) are built in a render React can pause, not in the one the
  // page's arrival starts: null until the first page is here.
  const rows = useDeferredValue(list.isPending ? null : list.items);
  const save = useSaveObservation(patientId);
  const remove = useDeleteObservation(patientId);
  const [editing, setEditing] = useState<Observation | null>(null);
  const [removing, setRemoving] = useState<Observation | null>(null);
  const focus = useReturnFocus('readings-heading');

  const title = (reading: Observation) => `${reading.name} of ${clockDateTimeWords(reading.takenAt, zone)}`;

  return (
    <Card aria-labelledby="readings-heading" aria-busy={list.busy} className="offscreen-lazy">
      <CardHeader>
        <CardTitle id="readings-heading" tabIndex={-1} className="outline-none">
          {kind === 'vital-sign' ? 'All readings' : 'All results'}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {list.isError ? (
          <p className="text-sm text-muted-foreground">Could not load your readings right now.</p>
        ) : rows === null ? (
          <Skeleton className="h-32 w-full" />
        ) : (
          <>
            <ul aria-labelledby="readings-heading" className="divide-y">
              {rows.map((reading) => {
                const range = rangeWords(reading.inUnits.range, reading.inUnits.secondRange, reading.inUnits.unit, reading.inUnits.decimals) ?? reading.referenceRange?.text ?? null;
                return (
                  <li key={reading.id} className="flex items-start gap-3 py-3">
                    <div className="min-w-0 flex-1 space-y-1">
                      <p className="flex flex-wrap items-center gap-2">
                        <span className="font-medium">{reading.name}</span>
                        <span className="tabular-nums">{readingWords(reading)}</span>
                        {reading.flag && <Badge variant={reading.flag.startsWith('critical') ? 'destructive' : 'warning'}>{FLAG_WORDS[reading.flag]}</Badge>}
                      </p>
                      <p className="text-sm text-muted-foreground">
                        {clockDateTimeWords(reading.takenAt, zone)} · {reading.sourceName ?? SOURCE_WORDS[reading.source]}
                        {range ? ` · Range ${range}` : ''}
                      </p>
                      {reading.note && <p className="text-sm">{reading.note}</p>}
                    </div>
                    <RowActions
                      name={title(reading)}
                      onEdit={() => {
                        focus.remember();
                        setEditing(reading);
                      }}
                      onRemove={() => {
                        focus.remember();
                        setRemoving(reading);
                      }}
                    />
                  </li>
                );
              })}
            </ul>
            {list.hasMore && (
              <Button variant="outline" className="mt-3 w-full" onClick={list.askMore} aria-disabled={list.more === 'loading' || undefined}>
                {list.more === 'loading' ? 'Loading...' : list.more === 'failed' ? 'Could not load more: try again' : 'Show more'}
              </Button>
            )}
          </>
        )}
      </CardContent>

      <Dialog open={editing !== null} onOpenChange={(open) => !open && !save.isPending && setEditing(null)}>
        {editing && (
          <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg" onCloseAutoFocus={focus.restore}>
            <DialogTitle>Edit reading</DialogTitle>
            <DialogDescription>Correct the value or when it was taken.</DialogDescription>
            <div className="[&_form]:grid-cols-1 [&_form]:lg:grid-cols-1 sm:[&_form]:grid-cols-2">
              <ReadingFields
                fallback={<Skeleton className="h-72 w-full" />}
                kind={kind}
                defaults={readingDefaults(editing.code, system, zone, editing)}
                system={system}
                zone={zone}
                today={today}
                pending={save.isPending}
                saveLabel="Save Changes"
                extraButtons={
                  <Button type="button" variant="outline" onClick={() => setEditing(null)}>
                    Cancel
                  </Button>
                }
                onSave={async (reading) => {
                  try {
                    await save.mutateAsync({ observationId: editing.id, body: reading });
                    toast({ title: 'Reading updated', description: `${editing.name} was changed.` });
                    setEditing(null);
                  } catch (error) {
                    toast({ title: 'Error', description: `Failed to update the reading: ${serverMessage(error)}`, variant: 'destructive' });
                    throw error;
                  }
                }}
              />
            </div>
          </DialogContent>
        )}
      </Dialog>

      <ConfirmDialog
        open={removing !== null}
        title="Remove reading?"
        description={removing ? `${title(removing)} (${readingWords(removing)}) will be removed.` : ''}
        confirmLabel="Remove"
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast({ title: 'Reading removed', description: `${removing.name} was removed.` });
              setRemoving(null);
            },
            onError: (error) => toast({ title: 'Error', description: `Failed to remove the reading: ${serverMessage(error)}`, variant: 'destructive' }),
          })
        }
        onClose={() => setRemoving(null)}
        onCloseAutoFocus={focus.restore}
      />
    </Card>
  );
}
