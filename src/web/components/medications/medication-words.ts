import type { AdherenceFigures } from '../../../shared/contracts/medications';
import { formatTime, percentOf } from '../../../shared/rules/formats';
import { listWords } from '../../../shared/rules/list-words';
import { isPastMedication, medicationTitle, WEEKDAY_NAMES, WEEKDAYS, type DoseStatus, type MedicationForm, type MedicationSchedule, type Weekday } from '../../../shared/rules/medications';

export { isPastMedication, listWords, medicationTitle };

// How the screens word medications (issue 32): the Medications page and the dashboard's Today's doses.

/** The forms as a patient reads them off the box. */
export const FORM_LABELS: Readonly<Record<MedicationForm, string>> = {
  tablet: 'Tablet',
  capsule: 'Capsule',
  liquid: 'Liquid',
  inhaler: 'Inhaler',
  injection: 'Injection',
  patch: 'Patch',
  drops: 'Drops',
  cream: 'Cream',
  other: 'Other',
};

/** Each weekday short ('Mon') and in full ('Monday'), the full name as the assistant writes it too. */
export const WEEKDAY_LABELS: Readonly<Record<Weekday, { short: string; long: string }>> = Object.fromEntries(
  WEEKDAYS.map((day) => [day, { short: WEEKDAY_NAMES[day].slice(0, 3), long: WEEKDAY_NAMES[day] }]),
) as Record<Weekday, { short: string; long: string }>;


function weekdayWords(days: readonly Weekday[]): string {
  if (days.length === WEEKDAYS.length) return 'Every day';
  const weekend: Weekday[] = ['sat', 'sun'];
  if (days.length === 5 && weekend.every((day) => !days.includes(day))) return 'Weekdays';
  if (days.length === 2 && weekend.every((day) => days.includes(day))) return 'Weekends';
  return listWords(days.map((day) => WEEKDAY_LABELS[day].short));
}

/** The schedule in a line: 'Every day at 8:00 AM and 8:00 PM', 'Mon and Thu at 9:00 AM', 'Every 8 hours from 6:00 AM', 'As needed'. */
export function scheduleWords(schedule: MedicationSchedule): string {
  switch (schedule.kind) {
    case 'daily':
      return `Every day at ${listWords(schedule.times.map(formatTime))}`;
    case 'weekdays':
      return `${weekdayWords(schedule.weekdays)} at ${listWords(schedule.times.map(formatTime))}`;
    case 'every-hours':
      return `Every ${schedule.everyHours === 1 ? 'hour' : `${schedule.everyHours} hours`} from ${formatTime(schedule.firstTime)}`;
    case 'as-needed':
      return 'As needed';
  }
}


/** Adherence over a window: '86% (6 of 7 doses)', or 'No doses due' when none was. */
export function adherenceWords({ due, taken }: AdherenceFigures): string {
  if (due === 0) return 'No doses due';
  return `${percentOf(taken, due)}% (${taken} of ${due} ${due === 1 ? 'dose' : 'doses'})`;
}


/**
 * The profile's existing conditions as suggestions for a medication's reason: one a line, or a comma or semicolon
 * between them ('asthma, type 2 diabetes'), each once.
 */
export function conditionSuggestions(text: string | null | undefined): string[] {
  if (!text) return [];
  const parts = text
    .split(/[\n,;]+/)
    .map((part) => part.replace(/^[\s\-*•]+/, '').trim())
    .filter((part) => part.length > 0 && part.length <= 200);
  return [...new Set(parts)];
}

/** A dose's status as the card and the log show it. */
export const DOSE_STATUS_WORDS: Readonly<Record<DoseStatus, string>> = { taken: 'Taken', skipped: 'Skipped', missed: 'Missed' };

/** An entry's status with its reason: 'Skipped: Felt sick', or 'Missed'. */
export const statusWithReason = (entry: { status: DoseStatus; reason: string | null }) =>
  entry.reason ? `${DOSE_STATUS_WORDS[entry.status]}: ${entry.reason}` : DOSE_STATUS_WORDS[entry.status];
