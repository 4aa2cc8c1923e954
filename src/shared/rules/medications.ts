/**
 * The closed lists of medications (issue 32): the form, the contract and the database CHECKs all read them here.
 */

/** What the medicine is, as a patient reads it off the box. */
export const MEDICATION_FORMS = ['tablet', 'capsule', 'liquid', 'inhaler', 'injection', 'patch', 'drops', 'cream', 'other'] as const;
export type MedicationForm = (typeof MEDICATION_FORMS)[number];

/**
 * Where a medication stands. A paused one has no doses due from the day it was paused, a stopped one none from the
 * day it was stopped; both keep their log. Active again clears the day.
 */
export const MEDICATION_STATUSES = ['active', 'paused', 'stopped'] as const;
export type MedicationStatus = (typeof MEDICATION_STATUSES)[number];

/** What became of a dose. A due dose with no entry is "not logged": it counts against adherence, as a missed one does. */
export const DOSE_STATUSES = ['taken', 'skipped', 'missed'] as const;
export type DoseStatus = (typeof DOSE_STATUSES)[number];

/** ISO weekday order (Monday first); a date's weekday is the same in every time zone. */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The weekdays' names, as the screens and the assistant write them. */
export const WEEKDAY_NAMES: Readonly<Record<Weekday, string>> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** The name with its strength, as every screen and answer names a medication: 'Metformin 500 mg'. */
export const medicationTitle = (medication: { name: string; strength: string | null }) =>
  medication.strength ? `${medication.name} ${medication.strength}` : medication.name;

/**
 * Past: stopped, or ended before the patient's today; the others (active, paused) are current. The Medications
 * page's Active and Past lists and the assistant's current and past medications divide by this.
 */
export function isPastMedication(medication: { status: MedicationStatus; endDate: string | null }, today: string): boolean {
  return medication.status === 'stopped' || (medication.endDate !== null && medication.endDate < today);
}

/** The schedule's kinds: fixed times every day, fixed times on given weekdays, every N hours from a first time, as needed. */
export const SCHEDULE_KINDS = ['daily', 'weekdays', 'every-hours', 'as-needed'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

/**
 * The times of N doses a day when a record says only how many (the profile's words, a FHIR timing): spread from
 * 08:00, the clock a patient keeps (twice a day is morning and evening).
 */
export const TIMES_FOR_DOSES_A_DAY: Readonly<Record<1 | 2 | 3 | 4, readonly string[]>> = {
  1: ['08:00'],
  2: ['08:00', '20:00'],
  3: ['08:00', '14:00', '20:00'],
  4: ['08:00', '12:00', '16:00', '20:00'],
};

/** 'At bedtime', 'at night': the time such a dose is due. */
export const BEDTIME = '22:00';

/** The most doses one schedule gives a day: enough for every 2 hours, few enough to read on a phone. */
export const MAX_TIMES_A_DAY = 12;

/** Every N hours: 1 to 12 (every 24 hours is a daily schedule with one time). */
export const EVERY_HOURS_RANGE = { min: 1, max: 12 } as const;

/**
 * The last day whose doses can be asked for: a day later has instants past 9999 in a zone west of UTC, which neither
 * ISO 8601 nor PostgreSQL's input writes with four digits.
 */
export const LAST_DOSE_DAY = '9999-12-30';

/**
 * When the doses are due, in the patient's time zone (the profile's), so a dose at 08:00 stays at 08:00 across a
 * daylight-saving change. Every N hours starts again each day at `firstTime` (06:00 every 8 hours: 06:00, 14:00,
 * 22:00), so it too keeps to the clock. `times` are kept sorted and without repeats.
 */
export type MedicationSchedule =
  | { kind: 'daily'; times: string[] }
  | { kind: 'weekdays'; weekdays: Weekday[]; times: string[] }
  | { kind: 'every-hours'; everyHours: number; firstTime: string }
  | { kind: 'as-needed' };

/** What the schedule rules need of a medication: its schedule and the days it is taken on. */
export interface ScheduledMedication {
  id: number;
  schedule: MedicationSchedule;
  /** First day doses are due ('yyyy-MM-dd'); null: since always. */
  startDate: string | null;
  /** Last day doses are due; null: no end. */
  endDate: string | null;
  status: MedicationStatus;
  /** The day it was paused (status 'paused'): no doses are due from that day. */
  pausedOn: string | null;
  /** The day it was stopped (status 'stopped'): no doses are due from that day. */
  stoppedOn: string | null;
}
