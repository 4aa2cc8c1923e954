// `npm run bench -- vitals` (issue 35): ten years of daily readings of the ten vital signs (36,500 readings), on each
// database. Every read the Vitals page makes, one after another for a number of rounds, p50 and p99 each against
// p50 ≤ 20 ms; then the page in Chromium (390 px, 4× CPU slowdown) until its chart and its table are drawn, with ten
// years against ten readings (goal: at most 1.5 times as long); and Lighthouse on /vitals and /lab-results, the record
// holding ten yearly panels of the common lab tests too (540 results), so that Lab Results is a page of results.
import { sql } from 'drizzle-orm';
import { wipeData } from '../src/server/db/reset';
import { observations } from '../src/server/db/schema/index';
import { BLOOD_PRESSURE, measuresOfKind, type Measure } from '../src/shared/rules/measures';
import { createUser } from '../src/testing/factories';
import type { BenchBackend } from './backends';
import { medianLoad, onPhone, timeToVisible, type ScreenFigures } from './phone-screen';
import { benchLighthouse, type LighthouseFigures } from './lighthouse';
import { startServer } from './server-process';
import { seededRandom } from './stats';
import { timeReads } from './read-rounds';

/** Days of readings, ending yesterday: ten years. */
export const VITALS_DAYS = 3650;
/** Rounds of the whole set of reads (after WARM_UP rounds not counted); BENCH_ROUNDS overrides. */
const ROUNDS = Number(process.env.BENCH_ROUNDS || 100);
const WARM_UP = 10;
/** Issue 35's goal for each read of the page, and for ten years against ten readings on screen. */
export const VITALS_READ_GOAL_MS = 20;
export const VITALS_SCREEN_RATIO_GOAL = 1.5;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A plausible reading of each vital sign in its chart unit: a centre and a spread. */
const TYPICAL: Record<string, { centre: number; spread: number; decimals: number }> = {
  '85354-9': { centre: 128, spread: 14, decimals: 0 },
  '8867-4': { centre: 70, spread: 12, decimals: 0 },
  '9279-1': { centre: 15, spread: 3, decimals: 0 },
  '8310-5': { centre: 36.8, spread: 0.5, decimals: 1 },
  '59408-5': { centre: 97, spread: 2, decimals: 0 },
  '29463-7': { centre: 80, spread: 3, decimals: 1 },
  '8302-2': { centre: 172, spread: 0.5, decimals: 1 },
  '39156-5': { centre: 27, spread: 1, decimals: 1 },
  '72514-3': { centre: 2, spread: 2, decimals: 0 },
  '9843-4': { centre: 57, spread: 0.5, decimals: 1 },
};

type ObservationRow = typeof observations.$inferInsert;

export interface VitalsRecord {
  userId: number;
  readings: number;
  /** Lab results besides the vital signs: a yearly panel of the common tests, so that /lab-results has a page to draw. */
  labResults: number;
  seedMs: number;
}

/** The panels of a yearly check-up: the tests a patient's portal download has year after year. */
const YEARLY_PANELS = new Set(['Lipid panel', 'Metabolic panel', 'CBC', 'Diabetes', 'Thyroid', 'Kidney', 'Liver']);

/** A value inside the measure's usual range (its middle), or near its one end: a lab result that is no outlier. */
function usualValue(measure: Measure): number {
  const { low, high } = measure.range ?? {};
  const value = low !== undefined && high !== undefined ? (low + high) / 2 : high !== undefined ? high * 0.7 : low !== undefined ? low * 1.3 : 1;
  return Number(value.toFixed(measure.decimals));
}

/**
 * The patient with `perMeasure` readings of each vital sign, one a day ending yesterday at 08:00 UTC (blood pressure
 * two numbers, each value in its measure's chart unit, as the server stores one given in that unit), and `labYears`
 * yearly panels of the common lab tests, one a year ending a month ago. Bulk inserts.
 */
export async function fillVitals(backend: BenchBackend, perMeasure: number, { labYears = 0, now = new Date() } = {}): Promise<VitalsRecord> {
  const started = performance.now();
  const random = seededRandom(35);
  const database = await backend.open();
  try {
    const db = database.db;
    await wipeData(db);
    const user = await createUser(db, { displayName: 'Jamie Rivera', timeZone: 'Europe/Berlin', onboardedAt: new Date(now.getTime() - VITALS_DAYS * DAY_MS) });
    const yesterday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1, 8);
    const reading = (measure: Measure, daysAgo: number): ObservationRow => {
      const typical = TYPICAL[measure.loinc]!;
      const value = Number((typical.centre + (random() - 0.5) * 2 * typical.spread).toFixed(typical.decimals));
      const row: ObservationRow = {
        userId: user.id,
        kind: measure.kind,
        code: measure.loinc,
        takenAt: new Date(yesterday - daysAgo * DAY_MS),
        valueType: 'quantity',
        value,
        unit: measure.unit!,
        chartValue: value,
        source: 'device',
        sourceName: 'Omron M7',
      };
      if (measure.loinc !== BLOOD_PRESSURE) return row;
      const diastolic = Math.round(value * 0.64);
      return { ...row, valueType: 'blood-pressure', secondValue: diastolic, secondChartValue: diastolic };
    };
    const labResult = (measure: Measure, yearsAgo: number): ObservationRow => {
      const value = usualValue(measure);
      const takenAt = new Date(yesterday - 30 * DAY_MS - yearsAgo * 365 * DAY_MS);
      return { userId: user.id, kind: measure.kind, code: measure.loinc, takenAt, valueType: 'quantity', value, unit: measure.unit!, chartValue: value, source: 'lab', sourceName: 'Quest Diagnostics' };
    };
    const labTests = measuresOfKind('laboratory').filter((measure) => measure.valueType === 'quantity' && measure.unit && YEARLY_PANELS.has(measure.panel ?? ''));
    const labRows = labTests.flatMap((measure) => Array.from({ length: labYears }, (_, yearsAgo) => labResult(measure, yearsAgo)));
    const rows = [...measuresOfKind('vital-sign').flatMap((measure) => Array.from({ length: perMeasure }, (_, daysAgo) => reading(measure, daysAgo))), ...labRows];
    // 2,000 rows of 13 columns a statement: well within PostgreSQL's 65,535 parameters.
    for (let from = 0; from < rows.length; from += 2000) await db.insert(observations).values(rows.slice(from, from + 2000));
    // The statistics a running server has (autovacuum, or the server on PGlite a minute after start).
    await db.execute(sql`analyze`);
    return { userId: user.id, readings: rows.length - labRows.length, labResults: labRows.length, seedMs: performance.now() - started };
  } finally {
    await database.close();
  }
}

export interface VitalsRead {
  label: string;
  path: string;
  p50: number;
  p99: number;
  /** The answer's body, uncompressed, in KB of 1,000 bytes. */
  kilobytes: number;
}

export interface VitalsFigures {
  record: VitalsRecord;
  rounds: number;
  reads: VitalsRead[];
  lighthouse?: LighthouseFigures;
}

/** Every read of /vitals, as its code asks for them (the web's lib/api modules): the shell's three and the page's five. */
function readsOf(userId: number): Array<Pick<VitalsRead, 'label' | 'path'>> {
  return [
    { label: 'session (the gate)', path: '/api/session' },
    { label: 'setup (first-run check)', path: '/api/setup' },
    { label: 'the patient (units, clock)', path: `/api/users/${userId}` },
    { label: 'the newest of each vital sign', path: `/api/observations/${userId}/latest?kind=vital-sign` },
    { label: 'blood pressure trend, 90 days', path: `/api/observations/${userId}/trend?code=${BLOOD_PRESSURE}&period=90d` },
    { label: 'blood pressure trend, all (monthly means)', path: `/api/observations/${userId}/trend?code=${BLOOD_PRESSURE}&period=all` },
    { label: 'all readings, first page', path: `/api/observations/${userId}?kind=vital-sign&limit=20` },
    { label: 'recommended care (screenings a reading can count as)', path: `/api/preventative-care/recommendations/${userId}` },
  ];
}

/** Years of yearly lab panels beside the ten years of vital signs. */
const LAB_YEARS = 10;

/** Seeds ten years, starts the server and reads each path in turn, WARM_UP rounds then ROUNDS rounds; then Lighthouse. */
export async function benchVitals(backend: BenchBackend, { lighthouse = false } = {}): Promise<VitalsFigures> {
  const record = await fillVitals(backend, VITALS_DAYS, { labYears: LAB_YEARS });
  const reads = readsOf(record.userId);
  const server = await startServer(backend.serverEnv);
  try {
    const timed = await timeReads(server.url, reads, ROUNDS, WARM_UP);
    const figures: VitalsFigures = {
      record,
      rounds: ROUNDS,
      reads: timed,
    };
    if (lighthouse) figures.lighthouse = await benchLighthouse(server.url, ['/vitals', '/lab-results']);
    return figures;
  } finally {
    await server.stop();
  }
}

/**
 * /vitals in Chromium at 390 px and 4× CPU slowdown, on a record of `perMeasure` readings of each vital sign, until the
 * blood-pressure chart (scrolled to) and its table's first row are drawn: the median of LOADS loads after one not counted.
 */
export async function benchVitalsScreen(backend: BenchBackend, perMeasure: number, executablePath: string): Promise<ScreenFigures> {
  await fillVitals(backend, perMeasure);
  const server = await startServer(backend.serverEnv);
  try {
    return await onPhone(executablePath, (page) =>
      medianLoad(() =>
        timeToVisible(page, `${server.url}/vitals`, async (p) => {
          // The chart is drawn as its card nears the viewport: the patient scrolls to it.
          await p.getByRole('region', { name: / trend$/ }).scrollIntoViewIfNeeded({ timeout: 120_000 });
          await p.locator('.recharts-surface').waitFor({ timeout: 120_000 });
          await p.getByRole('region', { name: /^Blood pressure readings/ }).getByRole('row').nth(1).waitFor({ timeout: 120_000 });
        }),
      ),
    );
  } finally {
    await server.stop();
  }
}

const fixed = (value: number, digits = 1) => value.toFixed(digits);

/** The record, a line per read with its goal, then the verdict over all of them. */
export function vitalsLines(label: string, figures: VitalsFigures): string[] {
  const lines = [
    `${figures.record.readings.toLocaleString('en')} readings (${VITALS_DAYS.toLocaleString('en')} days of the 10 vital signs) and ${figures.record.labResults} lab results ` +
      `(${LAB_YEARS} yearly panels); seeded in ${fixed(figures.record.seedMs / 1000)} s`,
    `Each read of /vitals in turn, one request at a time, ${figures.rounds} rounds after ${WARM_UP} not counted (${label}):`,
  ];
  const width = Math.max(...figures.reads.map((read) => read.label.length));
  for (const read of figures.reads) {
    lines.push(
      `  ${read.label.padEnd(width)}  p50 ${fixed(read.p50).padStart(5)} ms, p99 ${fixed(read.p99).padStart(5)} ms, ${fixed(read.kilobytes)} KB; ` +
        `goal p50 ≤ ${VITALS_READ_GOAL_MS} ms: ${read.p50 <= VITALS_READ_GOAL_MS ? 'met' : 'NOT met'}   GET ${read.path}`,
    );
  }
  const missed = figures.reads.filter((read) => read.p50 > VITALS_READ_GOAL_MS);
  lines.push(`  every read of /vitals p50 ≤ ${VITALS_READ_GOAL_MS} ms: ${missed.length === 0 ? 'met' : `NOT met (${missed.map((read) => read.label).join('; ')})`}`);
  return lines;
}
