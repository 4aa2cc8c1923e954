import { ChevronDown, Pause, Pencil, Play, Plus, Square, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { AdherenceFigures, Medication } from '../../../../shared/contracts/medications';
import { formatDate } from '../../../../shared/rules/formats';
import { adherenceWords, FORM_LABELS, medicationTitle, scheduleWords } from '../../../components/medications/medication-words';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { DoseLog } from './dose-log';

export interface MedicationActions {
  onEdit(medication: Medication): void;
  onStop(medication: Medication): void;
  onRemove(medication: Medication): void;
  /** Paused or active again (and a stopped one started again). */
  onStatus(medication: Medication, status: 'active' | 'paused'): void;
  /** An as-needed dose taken now. */
  onLogDose(medication: Medication): void;
}

interface MedicationItemProps extends MedicationActions {
  medication: Medication;
  /** Its adherence over 7 and 30 days; 'loading' until it comes, undefined when there is none (taken as needed). */
  adherence?: { days7: AdherenceFigures; days30: AdherenceFigures } | 'loading';
  /** In the Past list: stopped, or ended before today. */
  past: boolean;
}

/** One medication: what it is, when it is taken, its details, its adherence, its actions and its dose log. */
export function MedicationItem({ medication, adherence, past, onEdit, onStop, onRemove, onStatus, onLogDose }: MedicationItemProps) {
  const [logOpen, setLogOpen] = useState(false);
  const headingId = useId();
  const logId = useId();
  const asNeeded = medication.schedule.kind === 'as-needed';
  const details = detailsOf(medication);
  const name = medication.name;

  return (
    <article aria-labelledby={headingId} className="space-y-3 py-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} tabIndex={-1} className="break-words text-base font-semibold outline-none">
          {medicationTitle(medication)}
        </h3>
        {medication.status === 'paused' && <Badge variant="warning">Paused</Badge>}
        {medication.status === 'stopped' && <Badge variant="secondary">Stopped</Badge>}
        {medication.status !== 'stopped' && past && <Badge variant="secondary">Ended</Badge>}
      </div>
      <p className="text-sm">{scheduleWords(medication.schedule)}</p>
      {details.length > 0 && (
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm sm:gap-x-6">
          {details.map(([term, description]) => (
            <div key={term} className="contents">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="min-w-0 break-words">{description}</dd>
            </div>
          ))}
        </dl>
      )}
      {adherence === 'loading' && !asNeeded && medication.status !== 'stopped' && (
        // The lines' own height, so that the medications below do not move when the figures come.
        <Skeleton className="h-5 w-64 max-w-full" />
      )}
      {adherence && adherence !== 'loading' && !asNeeded && (
        <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm" aria-label={`Adherence of ${name}`} role="group">
          <p>
            <span className="text-muted-foreground">Last 7 days: </span>
            <span className="font-medium">{adherenceWords(adherence.days7)}</span>
          </p>
          <p>
            <span className="text-muted-foreground">Last 30 days: </span>
            <span className="font-medium">{adherenceWords(adherence.days30)}</span>
          </p>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {asNeeded && !past && medication.status === 'active' && (
          <Button size="sm" aria-label={`Log a dose of ${name}`} onClick={() => onLogDose(medication)}>
            <Plus aria-hidden="true" />
            Log a dose
          </Button>
        )}
        <Button variant="outline" size="sm" aria-label={`Edit ${name}`} onClick={() => onEdit(medication)}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        {medication.status === 'active' && !past && (
          <Button variant="outline" size="sm" aria-label={`Pause ${name}`} onClick={() => onStatus(medication, 'paused')}>
            <Pause aria-hidden="true" />
            Pause
          </Button>
        )}
        {medication.status === 'paused' && (
          <Button variant="outline" size="sm" aria-label={`Resume ${name}`} onClick={() => onStatus(medication, 'active')}>
            <Play aria-hidden="true" />
            Resume
          </Button>
        )}
        {medication.status === 'stopped' && (
          <Button variant="outline" size="sm" aria-label={`Start ${name} again`} onClick={() => onStatus(medication, 'active')}>
            <Play aria-hidden="true" />
            Start again
          </Button>
        )}
        {medication.status !== 'stopped' && (
          <Button variant="outline" size="sm" aria-label={`Stop ${name}`} onClick={() => onStop(medication)}>
            <Square aria-hidden="true" />
            Stop
          </Button>
        )}
        <Button variant="outline" size="sm" aria-label={`Remove ${name}`} onClick={() => onRemove(medication)}>
          <Trash2 aria-hidden="true" className="text-destructive" />
          Remove
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={logOpen}
          aria-controls={logOpen ? logId : undefined}
          aria-label={`Dose log of ${name}`}
          onClick={() => setLogOpen((open) => !open)}
        >
          Dose log
          <ChevronDown aria-hidden="true" className={cn('transition-transform motion-reduce:transition-none', logOpen && 'rotate-180')} />
        </Button>
      </div>
      {logOpen && <DoseLog medication={medication} id={logId} headingId={headingId} />}
    </article>
  );
}

/** The details that are given, as term and description. */
function detailsOf(medication: Medication): [string, string][] {
  const rows: [string, string | null][] = [
    ['Dose', [medication.dose, medication.form && FORM_LABELS[medication.form], medication.route].filter(Boolean).join(' · ') || null],
    ['Instructions', medication.instructions],
    ['Reason', medication.reason],
    ['Prescriber', medication.prescriber],
    ['Pharmacy', medication.pharmacy],
    ['Dates', datesWords(medication)],
    ['Stopped', medication.stoppedOn ? `${formatDate(medication.stoppedOn)}${medication.stopReason ? `: ${medication.stopReason}` : ''}` : null],
    ['Paused', medication.status === 'paused' && medication.pausedOn ? `Since ${formatDate(medication.pausedOn)}` : null],
    ['Supply', supplyWords(medication)],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== null);
}

function datesWords({ startDate, endDate }: Medication): string | null {
  if (startDate && endDate) return `${formatDate(startDate)} to ${formatDate(endDate)}`;
  if (startDate) return `Since ${formatDate(startDate)}`;
  if (endDate) return `Until ${formatDate(endDate)}`;
  return null;
}

function supplyWords({ refillsLeft, quantityOnHand }: Medication): string | null {
  const parts = [
    quantityOnHand !== null ? `${quantityOnHand} on hand` : null,
    refillsLeft !== null ? `${refillsLeft} ${refillsLeft === 1 ? 'refill' : 'refills'} left` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}
