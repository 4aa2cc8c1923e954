import type { NotificationWords } from '../../../shared/rules/notification-text';
import type { NotificationKind } from '../../../shared/rules/notifications';
import type { ReminderWindow } from '../../../shared/rules/reminder-times';

/** One reminder the data calls for (planner.ts): whose, what it is, its words, when it fires and until when it is useful. */
export interface Candidate extends NotificationWords {
  patientId: number;
  kind: NotificationKind;
  subject: string;
  occurrence: string;
  window: ReminderWindow;
  remindAtNight?: boolean;
}

/** One patient as each kind's computation sees them: their clock, and the days looked at. */
export interface PlanContext {
  patientId: number;
  /** The patient's zone, or null for the machine's (rules/patient.ts knownTimeZone). */
  timeZone: string | null;
  /** The first of the patient's days looked at ('yyyy-MM-dd'): the day of rules/reminder-times.ts lookback's `from`. */
  firstDay: string;
  /** The patient's today at `now`. */
  today: string;
  now: Date;
}

/** A calendar day `days` after a 'yyyy-MM-dd' day, by the calendar (no zone, so no daylight saving). */
export function dayAfter(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The earliest and latest of some 'yyyy-MM-dd' days (ISO days compare as strings). */
export function daySpan(days: readonly string[]): { first: string; last: string } {
  let first = days[0] ?? '';
  let last = first;
  for (const day of days) {
    if (day < first) first = day;
    if (day > last) last = day;
  }
  return { first, last };
}

/** Rows grouped by their patient: one query serves every patient of a pass, each reads their own. */
export function byPatient<T extends { userId: number }>(rows: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.userId);
    if (group) group.push(row);
    else groups.set(row.userId, [row]);
  }
  return groups;
}
