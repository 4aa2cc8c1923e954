import { tzOffset } from '@date-fns/tz';
import { WEEKDAYS, type MedicationSchedule, type ScheduledMedication } from './medications';
import { todayIn } from './patient';

// Medications (issue 32): when doses are due. A due dose is never stored: it is derived here from the schedule, on the
// patient's clock (their profile's zone, or the machine's without one), the same way in the browser and the server.

/** One scheduled dose: the patient's day and clock time it is due at, and the instant that is. */
export interface DueDose {
  medicationId: number;
  /** The patient's day, 'yyyy-MM-dd'. */
  date: string;
  /** The clock time, 'HH:mm', as the schedule gives it (a time in a spring-forward gap keeps its name). */
  time: string;
  dueAt: Date;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const MINUTES_A_DAY = 24 * 60;

/** How far nextDueDoses looks by default: past a year, so a yearly course that starts soon is still found. */
const DEFAULT_HORIZON_DAYS = 400;

function dayParts(date: string): [number, number, number] {
  const [year, month, day] = date.split('-').map(Number);
  return [year!, month!, day!];
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
}

function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** A calendar day `count` days from `date` (negative: before), by the calendar: no zone, so no daylight saving. */
function addDays(date: string, count: number): string {
  const [year, month, day] = dayParts(date);
  return new Date(Date.UTC(year, month - 1, day + count)).toISOString().slice(0, 10);
}

/** The offset from UTC in minutes (east positive) that the zone, or without one the machine, has at an instant. */
function offsetAt(timeZone: string | null, instant: number): number {
  // The machine's own zone is Date's: asked at each call, so a zone the machine changes to is followed.
  if (timeZone === null) return -new Date(instant).getTimezoneOffset();
  const offset = tzOffset(timeZone, new Date(instant));
  if (Number.isNaN(offset)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  return offset;
}

/**
 * The instant of a wall-clock time on a day in a zone (null zone: the machine's). A time that does not exist
 * (spring-forward gap) moves forward by the gap (02:30 → 03:30); a time that exists twice (fall-back) is the first.
 *
 * Done by hand rather than with TZDate: @date-fns/tz 1.5 moves a gap's time forward too, but picks the second of a
 * repeated time in Berlin, Sydney and Lord Howe (the first in New York), and a 'first' rule has to hold everywhere.
 * This is the rule of JavaScript's own Date for the machine's zone, and Temporal's 'compatible'.
 */
export function localInstant(date: string, time: string, timeZone: string | null): Date {
  const [year, month, day] = dayParts(date);
  // The wall clock read as if it were UTC; the instant is this less the zone's offset at that instant.
  const wall = Date.UTC(year, month - 1, day) + minutesOf(time) * MINUTE_MS;
  // Offsets are within ±14 h, so a day either side is on either side of the instant, and of any change near it
  // (no zone has changed its clock twice in two days).
  const before = offsetAt(timeZone, wall - DAY_MS);
  const after = offsetAt(timeZone, wall + DAY_MS);
  const holds = (offset: number) => offsetAt(timeZone, wall - offset * MINUTE_MS) === offset;
  const withBefore = holds(before);
  const withAfter = before !== after && holds(after);
  // Both hold: the time is repeated, and the first is the earlier instant, the one with the larger offset.
  if (withBefore && withAfter) return new Date(wall - Math.max(before, after) * MINUTE_MS);
  if (withBefore) return new Date(wall - before * MINUTE_MS);
  if (withAfter) return new Date(wall - after * MINUTE_MS);
  // Neither holds: the time is in a gap. Read with the offset before the change, it lands the gap's length later.
  return new Date(wall - before * MINUTE_MS);
}

/**
 * The clock times a schedule gives on any day it applies (daily/weekdays: its times; every-hours: firstTime, +N h, …
 * while before 24:00; as-needed: none). Sorted, each once.
 */
export function scheduleTimes(schedule: MedicationSchedule): string[] {
  switch (schedule.kind) {
    case 'daily':
    case 'weekdays':
      // The contract sorts and dedupes; a schedule built by hand (a test, an import) is held to the same.
      return [...new Set(schedule.times)].sort();
    case 'every-hours': {
      // Counted on the clock, not in elapsed hours: every 4 h from 00:00 is 04:00 even on a 23-hour day.
      const times: string[] = [];
      // The contract keeps everyHours within 1–12; a step that is not positive would never reach 24:00.
      const step = schedule.everyHours > 0 ? schedule.everyHours * 60 : MINUTES_A_DAY;
      for (let minutes = minutesOf(schedule.firstTime); minutes < MINUTES_A_DAY; minutes += step) {
        times.push(timeOf(minutes));
      }
      return times;
    }
    case 'as-needed':
      return [];
  }
}

/** The ISO weekday of a calendar day: the date's own, the same in every zone. */
function weekdayOf(date: string): (typeof WEEKDAYS)[number] {
  const [year, month, day] = dayParts(date);
  // getUTCDay counts from Sunday; WEEKDAYS from Monday.
  return WEEKDAYS[(new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7]!;
}

/**
 * Whether doses are due on this day at all: on or after startDate, on or before endDate, before pausedOn (status
 * paused) and before stoppedOn (status stopped), and on one of the weekdays for a weekdays schedule. An as-needed
 * schedule is never due. A paused or stopped medication without its day has nothing due on any day: the status says it
 * is not being taken and there is no day to count from. An active one's pausedOn and stoppedOn are not read (active
 * again clears them).
 */
export function isDueOn(medication: ScheduledMedication, date: string): boolean {
  const { schedule, startDate, endDate, status, pausedOn, stoppedOn } = medication;
  if (schedule.kind === 'as-needed') return false;
  // 'yyyy-MM-dd' days compare as text.
  if (startDate !== null && date < startDate) return false;
  if (endDate !== null && date > endDate) return false;
  if (status === 'paused' && (pausedOn === null || date >= pausedOn)) return false;
  if (status === 'stopped' && (stoppedOn === null || date >= stoppedOn)) return false;
  return schedule.kind !== 'weekdays' || schedule.weekdays.includes(weekdayOf(date));
}

/**
 * The medication's scheduled doses of a patient's day, by time (the clock's order: in a spring-forward gap a dose
 * moved forward can be due after a later time's, and the doses of 02:00 and 03:00 fall at the same instant).
 */
export function dosesOnDay(medication: ScheduledMedication, date: string, timeZone: string | null): DueDose[] {
  if (!isDueOn(medication, date)) return [];
  return scheduleTimes(medication.schedule).map((time) => ({
    medicationId: medication.id,
    date,
    time,
    dueAt: localInstant(date, time, timeZone),
  }));
}

function byDueAt(a: DueDose, b: DueDose): number {
  return a.dueAt.getTime() - b.dueAt.getTime() || a.medicationId - b.medicationId || a.time.localeCompare(b.time);
}

/**
 * "The next due doses after time T" (for the reminders issue): the first `limit` doses of all the medications with
 * dueAt strictly after `after`, by dueAt then medicationId then time. It looks at the patient's day of `after` and the
 * `horizonDays` days that follow (default 400), so a far start date or an ended schedule still ends.
 */
export function nextDueDoses(
  medications: ScheduledMedication[],
  timeZone: string | null,
  after: Date,
  limit: number,
  horizonDays: number = DEFAULT_HORIZON_DAYS,
): DueDose[] {
  if (limit <= 0) return [];
  const today = todayIn(timeZone, after);
  const last = addDays(today, horizonDays);
  const found: DueDose[] = [];
  // From the day before: a late dose moved forward by a gap at midnight is due on the patient's next day.
  for (let day = addDays(today, -1); day <= last; day = addDays(day, 1)) {
    if (found.length >= limit) {
      // A day's doses are all at or after its 00:00, so once that is past the limit-th dose found, the rest are later.
      found.sort(byDueAt);
      if (localInstant(day, '00:00', timeZone) > found[limit - 1]!.dueAt) break;
    }
    for (const medication of medications) {
      for (const dose of dosesOnDay(medication, day, timeZone)) {
        if (dose.dueAt > after) found.push(dose);
      }
    }
  }
  return found.sort(byDueAt).slice(0, limit);
}

function rateOf(due: number, taken: number): number | null {
  return due === 0 ? null : taken / due;
}

/**
 * Adherence of one medication over the `days` days ending with `today` (the patient's today): due = its scheduled
 * doses on those days whose dueAt ≤ now, plus any of today's not yet due that were already taken; taken = per day,
 * min(taken entries of that day, doses scheduled that day). As-needed schedules are never due. rate = taken / due,
 * null when due is 0. `takenByDate` maps 'yyyy-MM-dd' → number of entries with status 'taken' whose scheduledDate is
 * that day.
 */
export function adherenceOf(
  medication: ScheduledMedication,
  takenByDate: ReadonlyMap<string, number>,
  options: { today: string; days: number; now: Date; timeZone: string | null },
): { due: number; taken: number; rate: number | null } {
  let due = 0;
  let taken = 0;
  // `now` lies in `today` on the patient's clock, so every dose of a day before yesterday is due by now (a gap at
  // midnight moves a late dose at most into yesterday): those days are counted without an instant each, which is
  // most of the work of a 30-day window (measured: 8.0 → 1.5 ms for 20 medications, npm run bench -- medications).
  const timesADay = scheduleTimes(medication.schedule).length;
  const countedWhole = addDays(options.today, -1);
  for (const day of windowDays(options.today, options.days)) {
    const whole = day < countedWhole;
    const scheduled = whole ? (isDueOn(medication, day) ? timesADay : 0) : null;
    const doses = whole ? [] : dosesOnDay(medication, day, options.timeZone);
    const dosesThatDay = scheduled ?? doses.length;
    // Capped by the day's doses: a dose logged twice, or logged for a time the schedule no longer gives, is not a
    // second dose taken.
    const takenThatDay = Math.min(takenByDate.get(day) ?? 0, dosesThatDay);
    const dueByNow = scheduled ?? doses.filter((dose) => dose.dueAt <= options.now).length;
    // A dose taken before its time counts as due as well as taken, so taking the evening dose early never lowers
    // the rate nor lifts it over 1. Counts only: the entries are taken to be for the doses already due first.
    due += Math.max(dueByNow, takenThatDay);
    taken += takenThatDay;
  }
  return { due, taken, rate: rateOf(due, taken) };
}

/** Overall: sums of due and taken over several medications' figures, with the same rate rule. */
export function sumAdherence(figures: { due: number; taken: number }[]): { due: number; taken: number; rate: number | null } {
  const due = figures.reduce((sum, figure) => sum + figure.due, 0);
  const taken = figures.reduce((sum, figure) => sum + figure.taken, 0);
  return { due, taken, rate: rateOf(due, taken) };
}

/** The days of a window: the `days` calendar days ending with `today`, oldest first. */
export function windowDays(today: string, days: number): string[] {
  return Array.from({ length: Math.max(0, days) }, (_, index) => addDays(today, index - days + 1));
}
