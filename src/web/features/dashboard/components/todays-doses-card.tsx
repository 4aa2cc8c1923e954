import { useQuery } from '@tanstack/react-query';
import { Check, Circle, CircleMinus, CircleX, MoreHorizontal, Plus, Undo2 } from 'lucide-react';
import { forwardRef, lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import { Link } from 'wouter';
import type { DayDose, DayDoses, LogDoseBody } from '../../../../shared/contracts/medications';
import { formatTime } from '../../../../shared/rules/formats';
import type { DoseStatus } from '../../../../shared/rules/medications';
import { paths } from '../../../app/paths';
import { SkipDoseDialog, TakenAtDialog } from '../../../components/medications/on-demand';
import { DOSE_STATUS_WORDS, medicationTitle, statusWithReason } from '../../../components/medications/medication-words';
import { clockOf, clockTimeWords, usePatientZone } from '../../../components/medications/patient-clock';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/api-client';
import { dayDosesQuery, useLogDose, useUndoDose } from '../../../lib/api/medications';
import { cn } from '../../../lib/cn';
import { usePatientId } from '../../../lib/patient-id';

const HEADING_ID = 'todays-doses-heading';

// The menu of a dose's other marks comes in a chunk of its own (Radix's menu), so that the dashboard does not wait
// for it; until it is there, its button is drawn as it will be.
const loadDoseMenu = () => import('./dose-menu');
const DoseMenu = lazy(() => loadDoseMenu().then(({ DoseMenu }) => ({ default: DoseMenu })));

/** A scheduled dose as the patient names it: 'Metformin 8:00 AM'. */
const doseName = (dose: Pick<DayDose, 'name' | 'scheduledTime'>) => (dose.scheduledTime ? `${dose.name} ${formatTime(dose.scheduledTime)}` : dose.name);

/** Each row's main button (Taken, or Undo once logged) has this id, so focus can follow the row as it changes. */
const actionId = (dose: DayDose) => `dose-action-${dose.medicationId}-${dose.scheduledTime ?? `taken-${dose.entry?.id}`}`;

const focusById = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

/**
 * Today's doses on the dashboard (issue 32): what is due, taken and skipped, with one-tap Taken, and a dose of an
 * as-needed medication logged as it is taken. With nothing scheduled today and nothing as needed it shows nothing:
 * the dashboard stays quiet for a patient who takes no medicines (and while it loads, so nothing appears and goes).
 * Its place is empty, and so hidden, then; busy until the answer is in, so that a test can tell "nothing" from "not yet".
 */
export function TodaysDosesCard({ className }: { className?: string }) {
  const patientId = usePatientId();
  const day = useQuery(dayDosesQuery(patientId));
  const shown = day.data !== undefined && (day.data.doses.length > 0 || day.data.asNeeded.length > 0);
  // The menu's code is asked for as the card shows, so it is usually there before it is wanted.
  useEffect(() => {
    if (shown) void loadDoseMenu();
  }, [shown]);
  return (
    <div className={cn('empty:hidden', className)} aria-busy={day.isPending || undefined}>
      {day.isError ? (
        <Card>
          <CardHeader>
            <CardTitle>Today's doses</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-sm text-muted-foreground">Could not load today's doses right now.</p>
          </CardContent>
        </Card>
      ) : (
        shown && <TodaysDoses day={day.data} />
      )}
    </div>
  );
}

type Asking = { kind: 'taken-at' | 'skip'; dose: DayDose } | null;

function TodaysDoses({ day }: { day: DayDoses }) {
  const patientId = usePatientId();
  const zone = usePatientZone();
  const log = useLogDose(patientId);
  const undo = useUndoDose(patientId);
  const [asking, setAsking] = useState<Asking>(null);
  // A menu button pressed before the menu's code came: that menu opens as it comes.
  const [menuWanted, setMenuWanted] = useState<string | null>(null);
  const scheduled = day.doses.filter((dose) => dose.scheduledTime !== null);
  const taken = scheduled.filter((dose) => dose.entry?.status === 'taken').length;
  const busy = log.isPending || undo.isPending;

  function logDose(dose: DayDose, body: Omit<LogDoseBody, 'medicationId' | 'scheduledDate' | 'scheduledTime'>, done?: () => void) {
    if (busy) return;
    const scheduledDose = dose.scheduledTime ? { scheduledDate: day.date, scheduledTime: dose.scheduledTime } : {};
    log.mutate(
      { medicationId: dose.medicationId, ...scheduledDose, ...body },
      {
        onSuccess: () => {
          toast({ title: 'Dose logged', description: `${doseName(dose)}: ${DOSE_STATUS_WORDS[body.status].toLowerCase()}.` });
          focusById(actionId(dose));
        },
        onError: (error) => toast({ title: 'Error', description: `Failed to log the dose: ${serverMessage(error)}`, variant: 'destructive' }),
        onSettled: done,
      },
    );
  }

  function logAsNeeded(medication: DayDoses['asNeeded'][number]) {
    if (busy) return;
    log.mutate(
      { medicationId: medication.medicationId, status: 'taken' },
      {
        onSuccess: () => toast({ title: 'Dose logged', description: `A dose of ${medicationTitle(medication)} was logged as taken.` }),
        onError: (error) => toast({ title: 'Error', description: `Failed to log the dose: ${serverMessage(error)}`, variant: 'destructive' }),
      },
    );
  }

  function undoDose(dose: DayDose) {
    if (busy || !dose.entry) return;
    undo.mutate(dose.entry.id, {
      onSuccess: () => {
        toast({ title: 'Dose undone', description: `${doseName(dose)} is no longer logged.` });
        // A scheduled dose's row stays (due again); an as-needed dose's row goes, and focus to the card's heading.
        focusById(dose.scheduledTime ? actionId(dose) : HEADING_ID);
      },
      onError: (error) => toast({ title: 'Error', description: `Failed to undo the dose: ${serverMessage(error)}`, variant: 'destructive' }),
    });
  }

  return (
    <Card aria-labelledby={HEADING_ID}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <div className="space-y-1">
          <CardTitle id={HEADING_ID} tabIndex={-1} className="leading-tight outline-none">
            Today's doses
          </CardTitle>
          {scheduled.length > 0 && (
            <p className="text-sm text-muted-foreground">
              {taken} of {scheduled.length} taken
            </p>
          )}
        </div>
        <Link
          href={paths.medications}
          className="shrink-0 whitespace-nowrap rounded text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          View medications
        </Link>
      </CardHeader>
      <CardContent className="space-y-4">
        {day.doses.length > 0 && (
          <ul aria-labelledby={HEADING_ID} className="-my-2 divide-y">
            {day.doses.map((dose) => (
              <li key={actionId(dose)} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2">
                <StatusIcon status={dose.entry?.status ?? null} />
                <div className="min-w-0 flex-1 text-sm">
                  <p className="break-words font-medium">{medicationTitle(dose)}</p>
                  <p className="text-muted-foreground">
                    {[dose.scheduledTime ? formatTime(dose.scheduledTime) : 'As needed', dose.entry ? entryWords(dose.entry, zone) : 'Due', dose.dose]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <div className="flex shrink-0 gap-1">
                  {dose.entry ? (
                    <Button id={actionId(dose)} variant="outline" size="sm" aria-label={`Undo ${doseName(dose)}`} onClick={() => undoDose(dose)}>
                      <Undo2 aria-hidden="true" />
                      Undo
                    </Button>
                  ) : (
                    <>
                      <Button id={actionId(dose)} size="sm" aria-label={`Mark ${doseName(dose)} taken`} onClick={() => logDose(dose, { status: 'taken' })}>
                        <Check aria-hidden="true" />
                        Taken
                      </Button>
                      <Suspense fallback={<MoreButton dose={dose} onClick={() => setMenuWanted(actionId(dose))} />}>
                        <DoseMenu
                          trigger={<MoreButton dose={dose} />}
                          defaultOpen={menuWanted === actionId(dose)}
                          onClose={() => setMenuWanted(null)}
                          onTakenAt={() => setAsking({ kind: 'taken-at', dose })}
                          onSkip={() => setAsking({ kind: 'skip', dose })}
                          onMissed={() => logDose(dose, { status: 'missed' })}
                        />
                      </Suspense>
                    </>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        {day.asNeeded.length > 0 && (
          <div className={cn('space-y-2', day.doses.length > 0 && 'border-t pt-4')}>
            <h3 className="text-sm font-semibold text-muted-foreground">As needed</h3>
            <ul className="space-y-2">
              {day.asNeeded.map((medication) => (
                <li key={medication.medicationId} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                  <span className="min-w-0 break-words font-medium">
                    {medicationTitle(medication)}
                    {medication.dose && <span className="font-normal text-muted-foreground"> · {medication.dose}</span>}
                  </span>
                  <Button variant="outline" size="sm" aria-label={`Log a dose of ${medication.name}`} onClick={() => logAsNeeded(medication)}>
                    <Plus aria-hidden="true" />
                    Log a dose
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
      <TakenAtDialog
        title={asking?.kind === 'taken-at' ? `When did you take ${doseName(asking.dose)}?` : null}
        description="On your own clock; the dose is logged as taken then."
        initial={asking?.kind === 'taken-at' ? startOfDoseClock(day.date, asking.dose, zone) : { date: day.date, time: '' }}
        today={day.date}
        zone={zone}
        saveLabel="Log Dose"
        pending={log.isPending}
        onSave={(takenAt) => asking && logDose(asking.dose, { status: 'taken', takenAt: takenAt.toISOString() }, () => setAsking(null))}
        onClose={() => setAsking(null)}
      />
      <SkipDoseDialog
        title={asking?.kind === 'skip' ? `Skip ${doseName(asking.dose)}?` : null}
        description="The dose is logged as skipped; you can undo it."
        pending={log.isPending}
        onSave={(reason) => asking && logDose(asking.dose, { status: 'skipped', reason }, () => setAsking(null))}
        onClose={() => setAsking(null)}
      />
    </Card>
  );
}

/** The button that opens a dose's menu ('More for Metformin 8:00 AM'). */
const MoreButton = forwardRef<HTMLButtonElement, { dose: DayDose } & ComponentProps<'button'>>(function MoreButton({ dose, ...props }, ref) {
  return (
    <Button ref={ref} variant="ghost" size="icon" className="size-9" aria-label={`More for ${doseName(dose)}`} {...props}>
      <MoreHorizontal aria-hidden="true" />
    </Button>
  );
});

/** The dose's own time today when it has passed, else now: where 'Taken at another time' starts. */
function startOfDoseClock(date: string, dose: DayDose, zone: string | null): { date: string; time: string } {
  const now = clockOf(new Date(), zone);
  if (dose.scheduledTime && dose.dueAt && new Date(dose.dueAt).getTime() <= Date.now()) return { date, time: dose.scheduledTime };
  return now;
}

function entryWords(entry: NonNullable<DayDose['entry']>, zone: string | null): string {
  if (entry.status === 'taken' && entry.takenAt) return `Taken at ${clockTimeWords(entry.takenAt, zone)}`;
  return statusWithReason(entry);
}

function StatusIcon({ status }: { status: DoseStatus | null }) {
  const className = 'size-5 shrink-0';
  switch (status) {
    case 'taken':
      return <Check aria-hidden="true" className={cn(className, 'text-green-700 dark:text-green-400')} />;
    case 'skipped':
      return <CircleMinus aria-hidden="true" className={cn(className, 'text-amber-700 dark:text-amber-400')} />;
    case 'missed':
      return <CircleX aria-hidden="true" className={cn(className, 'text-red-700 dark:text-red-400')} />;
    default:
      return <Circle aria-hidden="true" className={cn(className, 'text-muted-foreground')} />;
  }
}
