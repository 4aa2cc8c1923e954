import { addDays, format, parseISO } from 'date-fns';
import { localInstant } from './medication-schedule';
import { clockIn } from './patient';

/** Quiet hours on the patient's clock: from start to end, across midnight when end is earlier. Equal: none. */
export interface QuietHours {
  start: string;
  end: string;
}

/**
 * When the quiet hours around `now` end, or null when `now` is outside them (issue 33): a notification made in quiet
 * hours waits until then, unless it is a dose the patient asked to be reminded of even at night.
 */
export function quietHoursEnd(now: Date, timeZone: string | null, { start, end }: QuietHours): Date | null {
  if (start === end) return null;
  const { date, time } = clockIn(timeZone, now);
  const acrossMidnight = end < start;
  const quiet = acrossMidnight ? time >= start || time < end : time >= start && time < end;
  if (!quiet) return null;
  // Ends today unless it is evening already and the quiet hours run past midnight.
  const endDay = acrossMidnight && time >= start ? format(addDays(parseISO(date), 1), 'yyyy-MM-dd') : date;
  return localInstant(endDay, end, timeZone);
}
