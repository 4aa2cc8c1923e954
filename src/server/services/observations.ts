import { and, asc, count, eq, getTableColumns, gte, inArray, isNotNull, max, min, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { LatestObservationsQuery, ObservationFields, ObservationPageQuery, TrendQuery, UpdateObservationBody, Trend } from '../../shared/contracts/observations';
import { measuresOfKind, type UnitSystem } from '../../shared/rules/measures';
import { flagOf, measureInSentence, readingWords } from '../../shared/rules/observations';
import { screeningOfMeasure } from '../../shared/rules/reading-screening';
import { todayOfPatient } from '../../shared/rules/care';
import type { Database } from '../db/client';
import { pageQuery, readPage, type PagedTable } from '../db/keyset-page';
import { medicalRecords, observations, users } from '../db/schema/index';
import { foundOr404, ownRow, ownRows, type Patient } from '../core/patient';
import { badRequest } from '../core/errors';
import { knownMeasure, observationOf, storedRange, storedValue, unitSymbol, usualRanges, valueColumns } from '../observations/stored-reading';
import { shownIn } from '../observations/units';
import { recordActivity } from './activity-log';
import { completeScreening } from './preventative-care';
import { patientTimeZone } from './users';

// Vitals and lab results (issue 35). A reading is written with its value as given and its chart value (UCUM), and
// read back in the patient's units with its flag (observations/stored-reading.ts).

type Row = typeof observations.$inferSelect;
type Fields = z.output<typeof ObservationFields>;

/** Every column of a reading, for the keyset page (which reads the fields of a contract it is given). */
const StoredRow = z.object(Object.fromEntries(Object.keys(getTableColumns(observations)).map((key) => [key, z.unknown()])));

const pagedReadings: PagedTable = { table: observations, time: observations.takenAt, id: observations.id };

/** The patient's units (a profile preference). */
export async function unitSystemOf(db: Database, patient: Patient): Promise<{ unitSystem: UnitSystem; timeZone: string }> {
  const [user] = await db.select({ unitSystem: users.unitSystem, timeZone: users.timeZone }).from(users).where(eq(users.id, patient.id));
  return { unitSystem: user?.unitSystem ?? 'us', timeZone: user?.timeZone ?? 'UTC' };
}

/** The query of a page of readings, newest first, of one kind or one measure (ADR 19); db/list-plans.test.ts reads its plan. */
export function observationsPageQuery(db: Database, patient: Patient, query: z.output<typeof ObservationPageQuery>) {
  const { kind, code, ...paging } = query;
  const where = and(
    ownRows(observations, patient),
    kind ? eq(observations.kind, kind) : undefined,
    code ? eq(observations.code, knownMeasure(code).loinc) : undefined,
  )!;
  return pageQuery(db, pagedReadings, StoredRow, where, { ...paging, q: undefined });
}

/** A page of readings, newest first, of one kind or one measure (ADR 19). */
export async function pageObservations(db: Database, patient: Patient, query: z.output<typeof ObservationPageQuery>) {
  const [{ unitSystem }, rows] = await Promise.all([unitSystemOf(db, patient), readPage<Row>(observationsPageQuery(db, patient, query), { ...query, q: undefined })]);
  return { items: rows.items.map((row) => observationOf(row, unitSystem)), nextCursor: rows.nextCursor };
}

/**
 * The newest reading of each measure the patient has, of one kind or both: one probe of the (user, code, time) index
 * per measure of the table, so ten years of daily readings cost what ten readings do.
 */
export async function latestObservations(db: Database, patient: Patient, { kind }: z.output<typeof LatestObservationsQuery>) {
  const measures = kind ? measuresOfKind(kind) : [...measuresOfKind('vital-sign'), ...measuresOfKind('laboratory')];
  const codes = sql.join(
    measures.map((measure) => sql`${measure.loinc}`),
    sql`, `,
  );
  const newest = await db.execute(sql`
    select newest.id from unnest(array[${codes}]::text[]) as measure(code)
    cross join lateral (
      select ${observations.id} from ${observations}
      where ${observations.userId} = ${patient.id} and ${observations.code} = measure.code
      order by ${observations.takenAt} desc, ${observations.id} desc
      limit 1
    ) as newest`);
  const ids = (newest as unknown as { rows: Array<{ id: number }> }).rows.map((row) => Number(row.id));
  if (ids.length === 0) return [];
  const [{ unitSystem }, rows] = await Promise.all([unitSystemOf(db, patient), db.select().from(observations).where(and(ownRows(observations, patient), inArray(observations.id, ids)))]);
  const place = new Map(measures.map((measure, index) => [measure.loinc, index]));
  return rows.sort((a, b) => (place.get(a.code) ?? 0) - (place.get(b.code) ?? 0)).map((row) => observationOf(row, unitSystem));
}

const DAY = 24 * 60 * 60 * 1000;
const PERIOD_DAYS: Record<z.output<typeof TrendQuery>['period'], number | null> = { '30d': 30, '90d': 90, '1y': 365, '5y': 5 * 365, all: null };
/** At most about this many points on a chart: beyond it a point is the mean of a day's, a week's or a month's readings. */
const MOST_POINTS = 400;

/**
 * One measure's readings over a period, in the patient's units, for its chart. Few readings are each a point; many
 * are averaged by day, week or month on the patient's clock, so that ten years of daily readings draw as fast as ten.
 */
export async function trendOf(db: Database, patient: Patient, query: z.output<typeof TrendQuery>): Promise<z.output<typeof Trend>> {
  const measure = knownMeasure(query.code);
  const { unitSystem, timeZone } = await unitSystemOf(db, patient);
  const ofMeasure = and(ownRows(observations, patient), eq(observations.code, measure.loinc))!;
  const days = PERIOD_DAYS[query.period];
  const since = days === null ? undefined : new Date(Date.now() - days * DAY);
  const inPeriod = and(ofMeasure, since ? gte(observations.takenAt, since) : undefined)!;
  const [summary] = await db
    .select({ numbers: count(observations.chartValue), all: count(), first: min(observations.takenAt), last: max(observations.takenAt) })
    .from(observations)
    .where(inPeriod);
  const numbers = summary?.numbers ?? 0;
  const span = summary?.first && summary.last ? { first: summary.first, last: summary.last } : null;
  const spanDays = span ? Math.max(1, (Date.now() - span.first.getTime()) / DAY) : 0;
  const bucket = span === null || numbers <= MOST_POINTS ? 'reading' : spanDays <= MOST_POINTS ? 'day' : spanDays / 7 <= MOST_POINTS ? 'week' : 'month';
  const shown = (value: number | null) => (value === null ? null : shownIn(measure, unitSystem, value));
  const base = {
    code: measure.loinc,
    name: measure.name,
    unit: unitSymbol(measure, unitSystem),
    decimals: measure.decimals,
    ...usualRanges(measure, unitSystem),
    bucket,
    wordsOnly: (summary?.all ?? 0) - numbers,
  } as const;
  const withNumber = and(inPeriod, isNotNull(observations.chartValue))!;
  if (bucket === 'reading' || span === null) {
    const rows = await db.select().from(observations).where(withNumber).orderBy(asc(observations.takenAt), asc(observations.id));
    return {
      ...base,
      points: rows.map((row) => {
        const reading = observationOf(row, unitSystem);
        return { takenAt: row.takenAt, number: reading.inUnits.number ?? 0, second: reading.inUnits.second, flag: reading.flag, count: 1 };
      }),
    };
  }
  const buckets = await meansByBucket(db, withNumber, bucket, timeZone, span);
  return {
    ...base,
    points: buckets.map((point) => ({
      takenAt: point.start,
      number: shown(point.mean) ?? 0,
      second: shown(point.secondMean),
      flag: flagOf(measure, point.mean, point.secondMean, null),
      count: point.count,
    })),
  };
}

type Bucket = 'day' | 'week' | 'month';

/**
 * The mean of the readings of each day, week or month on the patient's clock from `first` to `last`, with the bucket's
 * start; a bucket without a reading is left out. Each reading finds its bucket by a binary search among the buckets'
 * starts (`width_bucket`), which are turned from the patient's clock into instants once per bucket: turning each
 * reading's time into the patient's clock and back took more than half of the query (ten years of daily readings by
 * month on PGlite: 7.7 ms that way, 4.5 ms this way; ADR 25).
 */
async function meansByBucket(db: Database, readings: SQL, bucket: Bucket, timeZone: string, { first, last }: { first: Date; last: Date }) {
  const onClock = (instant: Date) => sql`${instant.toISOString()}::timestamptz at time zone ${timeZone}`;
  const starts = sql`(select array_agg(local at time zone ${timeZone} order by local)
    from generate_series(date_trunc(${bucket}, ${onClock(first)}), ${onClock(last)}, ${`1 ${bucket}`}::interval) as local)`;
  const answer = await db.execute(sql`
    with bucket as (select ${starts} as starts)
    select bucket.starts[slot] as start, mean, second_mean, readings from bucket, (
      select width_bucket(${observations.takenAt}, (select starts from bucket)) as slot, avg(${observations.chartValue}) as mean,
        avg(${observations.secondChartValue}) as second_mean, count(*)::int as readings
      from ${observations} where ${readings} group by slot
    ) as means order by slot`);
  // A raw statement's rows are as the driver gives them: doubles and ints as numbers, a time as PostgreSQL's text (drizzle
  // has both drivers keep timestamps so, and reads a column's with new Date, as here).
  const rows = (answer as unknown as { rows: Array<{ start: string; mean: number; second_mean: number | null; readings: number }> }).rows;
  return rows.map((row) => ({ start: new Date(row.start), mean: row.mean, secondMean: row.second_mean, count: row.readings }));
}

/** A linked document must be the patient's own: another's is "not found", as it is everywhere. */
async function checkDocument(db: Database, patient: Patient, medicalRecordId: number | null | undefined) {
  if (medicalRecordId == null) return;
  foundOr404(await db.select({ id: medicalRecords.id }).from(medicalRecords).where(ownRow(medicalRecords, patient, medicalRecordId)), 'Medical record');
}

/** A reading recorded, and the feed's line for it ('Recorded Blood pressure: 128/82 mmHg'), in one transaction. */
export async function createObservation(db: Database, patient: Patient, fields: Fields) {
  const measure = knownMeasure(fields.code);
  const columns = valueColumns(measure, fields.value, fields.referenceRange);
  return db.transaction(async (tx) => {
    await checkDocument(tx, patient, fields.medicalRecordId);
    const [row] = await tx
      .insert(observations)
      .values({
        userId: patient.id,
        kind: measure.kind,
        code: measure.loinc,
        takenAt: fields.takenAt,
        ...columns,
        source: fields.source ?? 'patient',
        sourceName: fields.sourceName,
        note: fields.note,
        medicalRecordId: fields.medicalRecordId,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    const { unitSystem } = await unitSystemOf(tx, patient);
    const reading = observationOf(row, unitSystem);
    await recordActivity(tx, patient, 'reading_recorded', { name: reading.name, value: readingWords(reading) }, row.id);
    return reading;
  });
}

/** A change of the measure, the value or the range is checked with the stored rest, as a new reading would be. */
export async function updateObservation(db: Database, patient: Patient, id: number, changes: z.output<typeof UpdateObservationBody>) {
  return db.transaction(async (tx) => {
    const stored = foundOr404(await tx.select().from(observations).where(ownRow(observations, patient, id)).for('update'), 'Observation');
    await checkDocument(tx, patient, changes.medicalRecordId);
    const { value, referenceRange, code, ...rest } = changes;
    let valueChanges = {};
    if (value !== undefined || referenceRange !== undefined || code !== undefined) {
      // The stored value and range with the new measure: one that does not fit it is refused as a new reading's is.
      const measure = knownMeasure(code ?? stored.code);
      valueChanges = {
        kind: measure.kind,
        code: measure.loinc,
        ...valueColumns(measure, value ?? storedValue(stored), referenceRange === undefined ? storedRange(stored) : referenceRange),
      };
    }
    const [row] = await tx
      .update(observations)
      .set({ ...rest, ...valueChanges })
      .where(ownRow(observations, patient, id))
      .returning();
    const { unitSystem } = await unitSystemOf(tx, patient);
    return observationOf(row!, unitSystem);
  });
}

export async function deleteObservation(db: Database, patient: Patient, id: number) {
  foundOr404(await db.delete(observations).where(ownRow(observations, patient, id)).returning({ id: observations.id }), 'Observation');
}

/**
 * The reading counts as the screening it is (a blood pressure, a lipid panel's test, an A1c) done on its day in the
 * patient's time zone, as the patient confirms: the care item that records it (preventative-care.ts). A measure that
 * is no screening is 400.
 */
export async function countReadingAsScreening(db: Database, patient: Patient, id: number) {
  return db.transaction(async (tx) => {
    const reading = foundOr404(await tx.select({ code: observations.code, takenAt: observations.takenAt }).from(observations).where(ownRow(observations, patient, id)), 'Observation');
    const measure = knownMeasure(reading.code);
    const rule = screeningOfMeasure(measure.loinc);
    if (!rule) throw badRequest(`${measure.name} is no screening: a blood pressure, a lipid panel's test or an A1c is`);
    const zone = await patientTimeZone(tx, patient);
    const today = todayOfPatient(zone, new Date());
    const day = todayOfPatient(zone, new Date(reading.takenAt));
    return completeScreening(tx, patient, rule, day < today ? day : today, today, `Counted from your ${measureInSentence(measure.name)} reading.`);
  });
}
