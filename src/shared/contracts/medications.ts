import { z } from 'zod';
import {
  DOSE_STATUSES,
  EVERY_HOURS_RANGE,
  LAST_DOSE_DAY,
  MAX_TIMES_A_DAY,
  MEDICATION_FORMS,
  MEDICATION_STATUSES,
  SCHEDULE_KINDS,
  WEEKDAYS,
  type MedicationSchedule as Schedule,
} from '../rules/medications';
import { TIME_OF_DAY, TIME_OF_DAY_MESSAGE } from '../rules/patient';
import { Codings } from './codings';
import { calendarDate, dateOnly, id, idNumber, idString, instant, optionalText, requiredText, wholeNumberIn, type Json } from './common';
import { PageQuery, pageOf } from './paging';

// Medications (issue 32): the list, the schedule and the dose log. A dose that is due is derived from the schedule on
// the day it is asked for (rules/medication-schedule.ts), never stored; the log stores what happened to one.

/** A time on the patient's clock, 24-hour 'HH:mm'. */
export const timeOfDay = z.string({ message: TIME_OF_DAY_MESSAGE }).regex(TIME_OF_DAY, TIME_OF_DAY_MESSAGE);

/** The times of a day: at least one, sorted, a time given twice kept once. */
const timesOfDay = z
  .array(timeOfDay, { message: 'must be a list of times of day such as ["08:00", "20:00"]' })
  .min(1, 'must have at least one time of day')
  .max(MAX_TIMES_A_DAY, `must have at most ${MAX_TIMES_A_DAY} times of day`)
  .transform((times) => [...new Set(times)].sort());

const weekdays = z
  .array(z.enum(WEEKDAYS, { message: `must each be one of ${WEEKDAYS.join(', ')}` }), { message: `must be a list of weekdays (${WEEKDAYS.join(', ')})` })
  .min(1, 'must have at least one weekday')
  .max(WEEKDAYS.length * 2, 'must name each weekday at most once')
  .transform((days) => WEEKDAYS.filter((day) => days.includes(day)));

const EVERY_HOURS_MESSAGE = `must be a whole number of hours from ${EVERY_HOURS_RANGE.min} to ${EVERY_HOURS_RANGE.max}`;
const KIND_MESSAGE = `must be one of ${SCHEDULE_KINDS.join(', ')}`;

/** When the doses are due (rules/medications.ts explains each kind). */
export const MedicationSchedule = z
  .discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('daily'), times: timesOfDay }),
      z.object({ kind: z.literal('weekdays'), weekdays, times: timesOfDay }),
      z.object({
        kind: z.literal('every-hours'),
        everyHours: wholeNumberIn(EVERY_HOURS_RANGE.min, EVERY_HOURS_RANGE.max, EVERY_HOURS_MESSAGE),
        firstTime: timeOfDay,
      }),
      z.object({ kind: z.literal('as-needed') }),
    ],
    {
      error: (issue) => {
        if (issue.code === 'invalid_union') return { message: KIND_MESSAGE, path: ['kind'] };
        if (issue.code === 'invalid_type') return `must be a schedule: an object whose kind is one of ${SCHEDULE_KINDS.join(', ')}`;
        return undefined;
      },
    },
  )
  .meta({ id: 'MedicationSchedule', description: "When the doses are due, on the patient's clock (their profile's time zone)" });

// The wire's schedule is the rules' schedule: a change to one that the other does not follow fails the typecheck.
type WireSchedule = z.output<typeof MedicationSchedule>;
const _sameSchedule: [WireSchedule extends Schedule ? true : false, Schedule extends WireSchedule ? true : false] = [true, true];
void _sameSchedule;

const wholeCount = (max: number) =>
  wholeNumberIn(0, max)
    .nullish()
    .transform((value) => value ?? null);

const optionalDate = calendarDate().nullish().transform((value) => value ?? null);

/** The add/edit form's fields, with the messages the patient reads; the form validates with the same schema. */
export const MedicationFields = z.object({
  name: requiredText('Medication name is required'),
  /** RxNorm or another system's codes (issue 34): kept as an imported record sent them; a form sends them back unchanged. */
  codes: Codings.optional(),
  strength: optionalText(100),
  form: z
    .enum(MEDICATION_FORMS, { message: `must be one of ${MEDICATION_FORMS.join(', ')}` })
    .nullish()
    .transform((value) => value ?? null),
  dose: optionalText(100),
  route: optionalText(100),
  instructions: optionalText(500),
  reason: optionalText(200),
  prescriber: optionalText(200),
  /** The prescriber as one of the patient's providers; null when not linked. */
  providerId: idNumber.nullish().transform((value) => value ?? null),
  pharmacy: optionalText(200),
  startDate: optionalDate,
  endDate: optionalDate,
  refillsLeft: wholeCount(99),
  quantityOnHand: wholeCount(100_000),
  schedule: MedicationSchedule,
  /** "Remind even at night": its due doses are reminded in quiet hours too (issue 33). Without it, false on a new one. */
  remindAtNight: z.boolean({ message: 'must be true or false' }).optional(),
});

const endNotBeforeStart = (body: { startDate?: string | null; endDate?: string | null }) =>
  !body.startDate || !body.endDate || body.endDate >= body.startDate;
const END_BEFORE_START = { message: 'must be on or after the start date', path: ['endDate'] };

/** A stop or pause, as the patient says it; the day defaults to their today, on the server. */
const statusChange = {
  status: z.enum(MEDICATION_STATUSES, { message: `must be one of ${MEDICATION_STATUSES.join(', ')}` }),
  /** The day it was stopped (status 'stopped'); by default the patient's today. */
  stoppedOn: calendarDate().optional(),
  stopReason: optionalText(500),
};

/** POST /api/medications: a new medication is active unless it says it was stopped (a past medication). */
export const CreateMedicationBody = MedicationFields.extend({
  userId: idNumber,
  status: statusChange.status.optional(),
  stoppedOn: statusChange.stoppedOn,
  stopReason: statusChange.stopReason,
}).refine(endNotBeforeStart, END_BEFORE_START);
export type CreateMedicationBody = z.input<typeof CreateMedicationBody>;

/**
 * PATCH /api/medications/{id}: any of the fields, and the status. An end before the start is refused here when both
 * are sent, and by the server against the stored one otherwise.
 */
export const UpdateMedicationBody = MedicationFields.partial()
  // stopReason optional outside its transform, so that a body without it leaves it out (not null: 'Nothing to update').
  .extend({ status: statusChange.status.optional(), stoppedOn: statusChange.stoppedOn, stopReason: statusChange.stopReason.optional() })
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update')
  .refine(endNotBeforeStart, END_BEFORE_START);
export type UpdateMedicationBody = z.input<typeof UpdateMedicationBody>;

export const Medication = z
  .object({
    id,
    userId: id,
    name: z.string(),
    codes: Codings.meta({ description: 'RxNorm or another system, as the record that prescribed it sent them' }),
    strength: z.string().nullable(),
    form: z.enum(MEDICATION_FORMS).nullable(),
    dose: z.string().nullable().meta({ description: "Dose per intake: '1 tablet', '5 ml'" }),
    route: z.string().nullable(),
    instructions: z.string().nullable(),
    reason: z.string().nullable(),
    prescriber: z.string().nullable(),
    providerId: id.nullable().meta({ description: 'The prescriber as one of the patient\'s providers' }),
    pharmacy: z.string().nullable(),
    startDate: dateOnly.nullable(),
    endDate: dateOnly.nullable(),
    status: z.enum(MEDICATION_STATUSES),
    pausedOn: dateOnly.nullable().meta({ description: "The day it was paused (status 'paused')" }),
    stoppedOn: dateOnly.nullable().meta({ description: "The day it was stopped (status 'stopped')" }),
    stopReason: z.string().nullable(),
    refillsLeft: z.int().nullable(),
    quantityOnHand: z.int().nullable(),
    schedule: MedicationSchedule,
    remindAtNight: z.boolean().meta({ description: 'Remind even at night: its due doses are reminded in quiet hours too' }),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'Medication' });
export type Medication = Json<typeof Medication>;
export const MedicationList = z.array(Medication);

// The dose log.

export const DoseEntry = z
  .object({
    id,
    medicationId: id,
    scheduledDate: dateOnly.nullable().meta({ description: 'The day of the scheduled dose; null for an as-needed dose' }),
    scheduledTime: z.string().nullable().meta({ description: "The scheduled dose's time, 'HH:mm'; null for an as-needed dose" }),
    status: z.enum(DOSE_STATUSES),
    takenAt: instant.nullable().meta({ description: 'When it was taken (status taken)' }),
    reason: z.string().nullable().meta({ description: 'Why it was skipped or missed' }),
    loggedAt: instant,
  })
  .meta({ id: 'DoseEntry' });
export type DoseEntry = Json<typeof DoseEntry>;

const takenAt = z.iso
  .datetime({ offset: true, message: 'must be a date and time with its offset, such as 2026-03-01T08:05:00+01:00' })
  .transform((text) => new Date(text));

/**
 * POST /api/medications/doses: a scheduled dose (its day and time, as the day's doses name it) marked taken, skipped
 * or missed, or an as-needed dose taken (no day or time). Taken is at `takenAt`, by default now.
 */
export const LogDoseBody = z
  .object({
    medicationId: idNumber,
    scheduledDate: calendarDate().optional(),
    scheduledTime: timeOfDay.optional(),
    status: z.enum(DOSE_STATUSES, { message: `must be one of ${DOSE_STATUSES.join(', ')}` }),
    takenAt: takenAt.optional(),
    reason: optionalText(500),
  })
  .refine((body) => (body.scheduledDate === undefined) === (body.scheduledTime === undefined), {
    message: 'must be given with scheduledDate (a scheduled dose has both; an as-needed dose neither)',
    path: ['scheduledTime'],
  })
  .refine((body) => body.scheduledDate !== undefined || body.status === 'taken', {
    message: 'an as-needed dose can only be logged as taken',
    path: ['status'],
  })
  .refine((body) => body.status === 'taken' || body.takenAt === undefined, {
    message: 'only a taken dose has a time taken',
    path: ['takenAt'],
  });
export type LogDoseBody = z.input<typeof LogDoseBody>;

/** PATCH /api/medications/doses/{id}: a correction — another status, another time taken, another reason. */
export const UpdateDoseBody = z
  .object({
    status: z.enum(DOSE_STATUSES, { message: `must be one of ${DOSE_STATUSES.join(', ')}` }).optional(),
    takenAt: takenAt.optional(),
    // Optional outside its transform: a correction without a reason keeps the stored one.
    reason: optionalText(500).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update');
export type UpdateDoseBody = z.input<typeof UpdateDoseBody>;

/** `?date=` of the day's doses: a calendar day, by default the patient's today. */
export const DayQuery = z.object({
  date: calendarDate()
    .refine((day) => day <= LAST_DOSE_DAY, `must be on or before ${LAST_DOSE_DAY}`)
    .optional()
    .meta({ description: "The day, 'yyyy-MM-dd'; by default the patient's today" }),
});

/**
 * One dose of the day: a scheduled one (due at its time, with its entry when logged) or an as-needed one taken
 * (scheduledTime null). A logged dose the schedule no longer gives (the schedule changed) is listed too.
 */
export const DayDose = z
  .object({
    medicationId: id,
    name: z.string(),
    strength: z.string().nullable(),
    dose: z.string().nullable(),
    scheduledTime: z.string().nullable(),
    dueAt: instant.nullable().meta({ description: 'When the scheduled dose is due; null for an as-needed dose' }),
    entry: DoseEntry.nullable(),
  })
  .meta({ id: 'DayDose' });
export type DayDose = Json<typeof DayDose>;

export const DayDoses = z
  .object({
    date: dateOnly,
    doses: z.array(DayDose).meta({ description: 'By time; as-needed doses at the time they were taken' }),
    asNeeded: z
      .array(z.object({ medicationId: id, name: z.string(), strength: z.string().nullable(), dose: z.string().nullable() }))
      .meta({ description: 'The active as-needed medications, which a dose can be logged for' }),
  })
  .meta({ id: 'DayDoses' });
export type DayDoses = Json<typeof DayDoses>;

/** Taken ÷ due over a window; as-needed doses are never due. `rate` is null when nothing was due. */
export const AdherenceFigures = z.object({ due: z.int(), taken: z.int(), rate: z.number().nullable() });
export type AdherenceFigures = Json<typeof AdherenceFigures>;

export const Adherence = z
  .object({
    today: dateOnly,
    overall: z.object({ days7: AdherenceFigures, days30: AdherenceFigures }),
    medications: z.array(z.object({ medicationId: id, days7: AdherenceFigures, days30: AdherenceFigures })),
  })
  .meta({ id: 'Adherence', description: 'Taken ÷ due over the last 7 and 30 days ending now, per medication and overall' });
export type Adherence = Json<typeof Adherence>;

/** One medication's log, newest first, a page at a time. */
export const DoseLogPage = pageOf(DoseEntry, 'DoseLogPage');
/** `?limit=&cursor=` of the log's pages: a paged list without a search. */
export const DoseLogQuery = PageQuery.pick({ limit: true, cursor: true });
export type DoseLogPage = Json<typeof DoseLogPage>;

export const MedicationIdParams = z.object({ medicationId: idString });
