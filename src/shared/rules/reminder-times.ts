import { addDays, format, parseISO, startOfISOWeek } from 'date-fns';
import { appointmentSpan } from './appointments';
import { localInstant } from './medication-schedule';
import { APPOINTMENT_SOON_HOURS, APPOINTMENT_TOMORROW_HOURS, DOSE_MISSED_AFTER_MINUTES } from './notifications';

/**
 * When each reminder fires and until when it is worth sending (issue 33). A reminder is written when its time has
 * come and it is still useful; one whose time fell while the app was off and is no longer useful is written as missed,
 * never sent late (services/notifications/planner.ts).
 */
export interface ReminderWindow {
  fire: Date;
  usefulUntil: Date;
}

export type ReminderVerdict = 'live' | 'missed' | 'not-yet' | 'past';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** Downtime longer than this is not looked back over: what fell in it is past, not missed one by one. */
export const LOOKBACK_DAYS = 7;

/**
 * What to do with a reminder at `now`: `live` (write and send it), `missed` (its time fell after `since`, the last
 * time reminders were computed, and it is no longer useful: written, not sent), or nothing (`not-yet`, `past`).
 * `since` null: never computed before, so nothing is missed.
 */
export function verdictOf({ fire, usefulUntil }: ReminderWindow, now: Date, since: Date | null): ReminderVerdict {
  if (fire > now) return 'not-yet';
  if (now < usefulUntil) return 'live';
  return since !== null && fire > since ? 'missed' : 'past';
}

/** An appointment's start on the patient's clock: its time, a preference's first hour, or 08:00 for 'any'. */
export function appointmentStart(date: string, time: string, timeZone: string | null): Date {
  const span = appointmentSpan(time);
  return localInstant(date, span.kind === 'timed' ? span.start : '08:00', timeZone);
}

/** The day before (24 h before, until 2 h before) and two hours before (until it starts). */
export function appointmentWindows(start: Date): { tomorrow: ReminderWindow; soon: ReminderWindow } {
  return {
    tomorrow: { fire: new Date(start.getTime() - APPOINTMENT_TOMORROW_HOURS * HOUR_MS), usefulUntil: new Date(start.getTime() - APPOINTMENT_SOON_HOURS * HOUR_MS) },
    soon: { fire: new Date(start.getTime() - APPOINTMENT_SOON_HOURS * HOUR_MS), usefulUntil: start },
  };
}

/** A dose: due at its time, worth reminding of for an hour; not logged by then, it is "not logged" until the day ends. */
export function doseWindows(dueAt: Date, day: string, timeZone: string | null): { due: ReminderWindow; missed: ReminderWindow } {
  const hourLater = new Date(dueAt.getTime() + DOSE_MISSED_AFTER_MINUTES * MINUTE_MS);
  const dayEnds = localInstant(format(addDays(parseISO(day), 1), 'yyyy-MM-dd'), '00:00', timeZone);
  return {
    due: { fire: dueAt, usefulUntil: hourLater },
    missed: { fire: hourLater, usefulUntil: dayEnds > hourLater ? dayEnds : new Date(hourLater.getTime() + HOUR_MS) },
  };
}

/** The week's care digest: Monday 09:00 on the patient's clock, useful until the next Monday's. `today`: 'yyyy-MM-dd'. */
export function weeklyDigestWindow(today: string, timeZone: string | null): { monday: string; window: ReminderWindow } {
  const monday = format(startOfISOWeek(parseISO(today)), 'yyyy-MM-dd');
  const nextMonday = format(addDays(parseISO(monday), 7), 'yyyy-MM-dd');
  return { monday, window: { fire: localInstant(monday, '09:00', timeZone), usefulUntil: localInstant(nextMonday, '09:00', timeZone) } };
}
