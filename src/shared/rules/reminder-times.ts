import { addDays, format, parseISO, startOfISOWeek } from 'date-fns';
import { appointmentSpan } from './appointments';
import { localInstant } from './medication-schedule';
import { APPOINTMENT_SOON_HOURS, APPOINTMENT_TOMORROW_HOURS, DOSE_MISSED_AFTER_MINUTES } from './notifications';

/**
 * When each reminder fires and until when it is worth sending (issue 33). A reminder is written when its time has
 * come and it is still useful; one whose time fell while the app was off and is no longer useful is written as missed,
 * never sent late (services/notifications/planner.ts). Pure: every instant is given, none is read from a clock.
 */
export interface ReminderWindow {
  fire: Date;
  usefulUntil: Date;
}

/** `live`: write and send it; `missed`: write it as missed (shown, not sent); `not-yet`, `past`: write nothing. */
export type ReminderVerdict = 'live' | 'missed' | 'not-yet' | 'past';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Downtime longer than this is not looked back over: what fell before it is past, not missed one by one. */
export const LOOKBACK_DAYS = 7;

/**
 * What to do with a reminder at `now`. `missedAfter`: when reminders were last computed (null: never, so nothing is
 * missed, only what is still useful is written). A reminder that fired at or before that was seen live then.
 */
export function verdictOf({ fire, usefulUntil }: ReminderWindow, now: Date, missedAfter: Date | null): ReminderVerdict {
  if (fire > now) return 'not-yet';
  if (now < usefulUntil) return 'live';
  return missedAfter !== null && fire > missedAfter ? 'missed' : 'past';
}

/**
 * How far back one computation looks. `from`: the earliest instant whose reminders are computed — the last
 * computation (at most LOOKBACK_DAYS ago), and at least a day back, where a reminder still useful now may have fired
 * (an appointment's day-before reminder, a dose not logged since yesterday evening). `missedAfter`: the last
 * computation, no earlier than LOOKBACK_DAYS ago, or null when there was none.
 */
export function lookback(since: Date | null, now: Date): { from: Date; missedAfter: Date | null } {
  const oldest = now.getTime() - LOOKBACK_DAYS * DAY_MS;
  const missedAfter = since === null ? null : new Date(Math.max(since.getTime(), oldest));
  const from = new Date(Math.min(now.getTime() - DAY_MS, missedAfter?.getTime() ?? now.getTime()));
  return { from, missedAfter };
}

/** An appointment's start on the patient's clock: its time, a preference's first hour, or 08:00 for 'any'. */
export function appointmentStart(date: string, time: string, timeZone: string | null): Date {
  const span = appointmentSpan(time);
  return localInstant(date, span.kind === 'timed' ? span.start : '08:00', timeZone);
}

/** The day before (24 h before, useful until 2 h before) and two hours before (useful until it starts). */
export function appointmentWindows(start: Date): { tomorrow: ReminderWindow; soon: ReminderWindow } {
  const soon = new Date(start.getTime() - APPOINTMENT_SOON_HOURS * HOUR_MS);
  return {
    tomorrow: { fire: new Date(start.getTime() - APPOINTMENT_TOMORROW_HOURS * HOUR_MS), usefulUntil: soon },
    soon: { fire: soon, usefulUntil: start },
  };
}

/**
 * A dose due on the patient's `day`: reminded at its time, worth it for DOSE_MISSED_AFTER_MINUTES; not logged by then,
 * "not logged" until that day ends on the patient's clock — or, for a dose so late in the day that its hour ends
 * after midnight, for one more hour, so that it is said at all.
 */
export function doseWindows(dueAt: Date, day: string, timeZone: string | null): { due: ReminderWindow; missed: ReminderWindow } {
  const hourLater = new Date(dueAt.getTime() + DOSE_MISSED_AFTER_MINUTES * MINUTE_MS);
  const dayEnds = localInstant(format(addDays(parseISO(day), 1), 'yyyy-MM-dd'), '00:00', timeZone);
  return {
    due: { fire: dueAt, usefulUntil: hourLater },
    missed: { fire: hourLater, usefulUntil: dayEnds > hourLater ? dayEnds : new Date(hourLater.getTime() + HOUR_MS) },
  };
}

/**
 * The week's care digest: its occurrence is the Monday of the patient's week ('yyyy-MM-dd'). It fires that Monday at
 * 09:00 on the patient's clock, or at `now` when found later in the week (an item became due on Wednesday), so that
 * it is listed when it was written; useful until the next Monday's 09:00, when the next week's takes over.
 */
export function weeklyDigestWindow(today: string, timeZone: string | null, now: Date): { monday: string; window: ReminderWindow } {
  const monday = format(startOfISOWeek(parseISO(today)), 'yyyy-MM-dd');
  const nextMonday = format(addDays(parseISO(monday), 7), 'yyyy-MM-dd');
  const nine = localInstant(monday, '09:00', timeZone);
  return { monday, window: { fire: now < nine ? nine : now, usefulUntil: localInstant(nextMonday, '09:00', timeZone) } };
}

/**
 * The whole days a supply of `left` units (one a dose) covers, walking `dosesByDay` (the doses still to come today,
 * then each following day's); null when it covers every day given. A course that ends within those days needs only
 * its remaining doses, so it is not short.
 */
export function daysOfSupply(left: number, dosesByDay: readonly number[]): number | null {
  let remaining = left;
  for (const [index, doses] of dosesByDay.entries()) {
    if (doses > remaining) return index;
    remaining -= doses;
  }
  return null;
}
