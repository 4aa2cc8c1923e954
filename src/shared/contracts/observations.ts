import { z } from 'zod';
import { BLOOD_PRESSURE, KNOWN_MEASURE_CODES, MEASURE_KINDS } from '../rules/measures';
import { BLOOD_PRESSURE_UNIT, COMPARATORS, OBSERVATION_FLAGS, OBSERVATION_SOURCES, TREND_PERIODS, type ObservationValue as Value } from '../rules/observations';
import { id, idNumber, instant, optionalText, requiredText, type Json } from './common';
import { PageQuery, pageOf } from './paging';

// Vitals and lab results (issue 35): one reading model for both screens. A reading keeps its value as given (its unit,
// its '<' or '>'); the server answers it also in the patient's units (metric or US) with a flag derived from its range.

/** A measure by its LOINC code, or another system's code for it (Synthea's 2339-0 is glucose): stored as the table's own. */
const measureCode = z.enum(KNOWN_MEASURE_CODES, { message: 'must be the LOINC code of a measure HealthAssist knows' });

/** The largest number a reading holds: far beyond any measure, small enough that no conversion overflows. */
const MAX_READING = 1_000_000;
const readingNumber = (message = 'must be a number') =>
  z
    .number({ message })
    .refine(Number.isFinite, message)
    .min(-MAX_READING, `must be between -${MAX_READING} and ${MAX_READING}`)
    .max(MAX_READING, `must be between -${MAX_READING} and ${MAX_READING}`);
const pressure = (name: string) =>
  z
    .number({ message: `${name} must be a number` })
    .min(1, `must be from 1 to 400 mmHg`)
    .max(400, `must be from 1 to 400 mmHg`);

const TYPE_MESSAGE = "must be one of quantity, blood-pressure, text";

/** A reading's value (rules/observations.ts ObservationValue): a number with a unit, blood pressure's two, or words. */
export const ObservationValue = z
  .discriminatedUnion(
    'type',
    [
      z.object({
        type: z.literal('quantity'),
        number: readingNumber(),
        comparator: z
          .enum(COMPARATORS, { message: `must be one of ${COMPARATORS.join(' ')} or null` })
          .nullish()
          .transform((value) => value ?? null),
        unit: z.string({ message: 'must be a unit such as mg/dL' }).trim().min(1, 'must be a unit such as mg/dL').max(50, 'must be at most 50 characters'),
      }),
      z.object({
        type: z.literal('blood-pressure'),
        systolic: pressure('Systolic'),
        diastolic: pressure('Diastolic'),
        unit: z.literal(BLOOD_PRESSURE_UNIT, { message: `must be ${BLOOD_PRESSURE_UNIT}` }).default(BLOOD_PRESSURE_UNIT),
      }),
      z.object({ type: z.literal('text'), text: requiredText('must not be empty', 200) }),
    ],
    {
      error: (issue) => {
        if (issue.code === 'invalid_union') return { message: TYPE_MESSAGE, path: ['type'] };
        if (issue.code === 'invalid_type') return `must be a value: an object whose type is one of quantity, blood-pressure, text`;
        return undefined;
      },
    },
  )
  .refine((value) => value.type !== 'blood-pressure' || value.diastolic < value.systolic, {
    message: 'must be lower than the systolic',
    path: ['diastolic'],
  })
  .meta({ id: 'ObservationValue', description: "The value as given: its unit (UCUM) and a lab's '<' or '>' are kept" });

// The wire's value is the rules' value: a change to one that the other does not follow fails the typecheck.
type WireValue = z.output<typeof ObservationValue>;
const _sameValue: [WireValue extends Value ? true : false, Value extends WireValue ? true : false] = [true, true];
void _sameValue;

/** A reference range as a lab sent it, in the value's unit: an end or both, or words ('negative'). */
export const ReferenceRange = z
  .object({
    low: readingNumber().nullish().transform((value) => value ?? null),
    high: readingNumber().nullish().transform((value) => value ?? null),
    text: optionalText(200),
  })
  .refine((range) => range.low !== null || range.high !== null || range.text !== null, 'must have a low, a high or words')
  .refine((range) => range.low === null || range.high === null || range.low <= range.high, { message: 'must not be below low', path: ['high'] })
  .meta({ id: 'ReferenceRange' });

/** A moment with its offset; not ahead of now (a minute's slack for a clock a little fast). */
const takenAt = z.iso
  .datetime({ offset: true, message: 'must be a date and time with its offset, such as 2026-03-01T08:30:00+01:00' })
  .transform((text) => new Date(text))
  .refine((date) => date.getTime() <= Date.now() + 60_000, 'must not be in the future')
  .refine((date) => date.getUTCFullYear() >= 1900, 'must be in 1900 or later');

/** The add/edit form's fields, with the messages the patient reads. */
export const ObservationFields = z.object({
  code: measureCode,
  takenAt,
  value: ObservationValue,
  referenceRange: ReferenceRange.nullish().transform((value) => value ?? null),
  source: z.enum(OBSERVATION_SOURCES, { message: `must be one of ${OBSERVATION_SOURCES.join(', ')}` }).optional(),
  /** The device, lab or provider by name: 'Omron M7', 'Quest Diagnostics'. */
  sourceName: optionalText(200),
  note: optionalText(2000),
  /** The medical record document it came from (a lab report), when the patient links one. */
  medicalRecordId: idNumber.nullish().transform((value) => value ?? null),
});

/** POST /api/observations: a reading of one measure. */
export const CreateObservationBody = ObservationFields.extend({ userId: idNumber });
export type CreateObservationBody = z.input<typeof CreateObservationBody>;

/** PATCH /api/observations/{id}: any of the fields (a new value is checked against the measure, stored or sent). */
export const UpdateObservationBody = ObservationFields.partial().refine((body) => Object.keys(body).length > 0, 'Nothing to update');
export type UpdateObservationBody = z.input<typeof UpdateObservationBody>;

/** The value in the patient's units (metric or US): what the screens show and chart. Words have no number. */
const InUnits = z
  .object({
    number: z.number().nullable().meta({ description: 'The number, or systolic; null for words' }),
    second: z.number().nullable().meta({ description: "Blood pressure's diastolic" }),
    unit: z.string().nullable().meta({ description: "The unit's symbol as shown: 'mg/dL', 'lb', '°F'" }),
    decimals: z.int().nonnegative().meta({ description: 'The decimals the measure is shown with' }),
    range: z.object({ low: z.number().nullable(), high: z.number().nullable() }).nullable().meta({ description: "The range the flag is from, in these units: the lab's, else the usual one" }),
    secondRange: z.object({ low: z.number().nullable(), high: z.number().nullable() }).nullable().meta({ description: "Blood pressure's diastolic range, in these units" }),
  })
  .meta({ id: 'ObservationInUnits' });

export const Observation = z
  .object({
    id,
    userId: id,
    kind: z.enum(MEASURE_KINDS),
    code: z.string().meta({ description: 'LOINC' }),
    name: z.string(),
    takenAt: instant,
    value: ObservationValue,
    referenceRange: ReferenceRange.nullable(),
    inUnits: InUnits,
    flag: z.enum(OBSERVATION_FLAGS).nullable().meta({ description: 'Derived from the value and the range each time it is read; never stored' }),
    source: z.enum(OBSERVATION_SOURCES),
    sourceName: z.string().nullable(),
    note: z.string().nullable(),
    medicalRecordId: id.nullable(),
    createdAt: instant,
  })
  .meta({ id: 'Observation' });
export type Observation = Json<typeof Observation>;

const kindQuery = z.enum(MEASURE_KINDS, { message: `must be one of ${MEASURE_KINDS.join(', ')}` });

/** GET /api/observations/{userId}: a page of readings, newest first, of one kind or one measure. */
export const ObservationPageQuery = PageQuery.omit({ q: true }).extend({
  kind: kindQuery.optional(),
  code: measureCode.optional(),
});
export const ObservationPage = pageOf(Observation, 'ObservationPage');

/** GET /api/observations/{userId}/latest: the newest reading of each measure the patient has, of one kind or both. */
export const LatestObservationsQuery = z.object({ kind: kindQuery.optional() });
export const LatestObservations = z.array(Observation);

export const TrendQuery = z.object({
  /** By default blood pressure: the measure the Vitals page opens on. */
  code: measureCode.default(BLOOD_PRESSURE),
  period: z.enum(TREND_PERIODS, { message: `must be one of ${TREND_PERIODS.join(', ')}` }).default('90d'),
});

/** How a trend's points were made: each reading, or the mean of a day's, a week's or a month's when there are many. */
export const TREND_BUCKETS = ['reading', 'day', 'week', 'month'] as const;

/** GET /api/observations/{userId}/trend: one measure's readings over a period, in the patient's units, for a chart. */
export const Trend = z
  .object({
    code: z.string(),
    name: z.string(),
    unit: z.string().nullable(),
    decimals: z.number().int(),
    range: z.object({ low: z.number().nullable(), high: z.number().nullable() }).nullable().meta({ description: 'The usual range, for the band' }),
    secondRange: z.object({ low: z.number().nullable(), high: z.number().nullable() }).nullable().meta({ description: "Blood pressure's diastolic range" }),
    bucket: z.enum(TREND_BUCKETS),
    points: z.array(
      z.object({
        takenAt: instant.meta({ description: 'The reading, or the start of its bucket' }),
        number: z.number(),
        second: z.number().nullable(),
        flag: z.enum(OBSERVATION_FLAGS).nullable(),
        count: z.int().positive().meta({ description: 'Readings in the point (1 for one reading)' }),
      }),
    ),
    /** Readings of the measure in words (no number to chart), left out of the points. */
    wordsOnly: z.int().nonnegative(),
  })
  .meta({ id: 'Trend' });
export type Trend = Json<typeof Trend>;

