import type { NotificationWords } from '../../../shared/rules/notification-text';
import type { NotificationKind } from '../../../shared/rules/notifications';
import type { ReminderWindow } from '../../../shared/rules/reminder-times';
import type { Patient } from '../../core/patient';
import type { Database } from '../../db/client';

/** One reminder the data calls for (planner.ts): what it is, its words, when it fires and until when it is useful. */
export interface Candidate extends NotificationWords {
  kind: NotificationKind;
  subject: string;
  occurrence: string;
  window: ReminderWindow;
  remindAtNight?: boolean;
}

/** What each kind's computation is given: the patient, their clock, and the days looked at. */
export interface PlanContext {
  db: Database;
  patient: Patient;
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
