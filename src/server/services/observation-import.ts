import { and, gte, inArray, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CsvImportBody, CsvPreview } from '../../shared/contracts/observation-csv';
import { describeActivity } from '../../shared/rules/activities';
import type { Database } from '../db/client';
import { activities, observations } from '../db/schema/index';
import { ownRows, type Patient } from '../core/patient';
import { badRequest, HttpError } from '../core/errors';
import { mappingProblems, parseCsv, previewOf, readReadings, readingKey, suggestMapping, type CsvReading } from '../observations/csv-readings';
import { knownMeasure, storedValue, valueColumns } from '../observations/stored-reading';
import { unitSystemOf } from './observations';

// A CSV file's readings (issue 35): read with the patient's mapping (or the one suggested), previewed, and written only
// on a confirmation; a reading already stored, or given twice in the file, is never written again.

type Body = Omit<z.output<typeof CsvImportBody>, 'userId'>;
type NewRow = typeof observations.$inferInsert;

/** Rows a single insert writes: far below PostgreSQL's 65,535 parameters (22 columns a row). */
const ROWS_AN_INSERT = 1_000;

export async function importCsv(db: Database, patient: Patient, body: Body): Promise<z.output<typeof CsvPreview>> {
  const parsed = parseCsv(body.csv);
  if (!parsed.ok) throw badRequest(`csv: ${parsed.message}`);
  const csv = parsed.csv;
  const mapping = body.mapping ?? suggestMapping(csv.headers, csv.rows);
  if (!mapping) return previewOf(csv, null, null);
  const [problem] = mappingProblems(csv.headers, mapping);
  if (problem) throw badRequest(problem);

  const { timeZone } = await unitSystemOf(db, patient);
  const read = readReadings(csv, mapping, timeZone);
  // Each reading as a row: a value the measure refuses (a unit UCUM cannot convert) is its line's refusal.
  const source = mapping.layout === 'rows' ? 'lab' : 'device';
  const rows: Array<{ reading: CsvReading; row: NewRow }> = [];
  for (const reading of read.readings) {
    try {
      const measure = knownMeasure(reading.code);
      rows.push({
        reading,
        row: { userId: patient.id, kind: measure.kind, code: measure.loinc, takenAt: reading.takenAt, source, ...valueColumns(measure, reading.value, reading.referenceRange) },
      });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      read.refusals.push({ line: reading.line, message: `line ${reading.line}: ${error.message}` });
    }
  }
  read.refusals.sort((a, b) => a.line - b.line);
  read.readings = rows.map(({ reading }) => reading);

  return db.transaction(async (tx) => {
    // One import of a patient at a time: the same file confirmed twice at once is written once.
    if (body.confirm) await tx.execute(sql`select pg_advisory_xact_lock(727274035, ${patient.id})`);
    const seen = await storedKeys(tx, patient, read.readings);
    const fresh: NewRow[] = [];
    for (const { reading, row } of rows) {
      const key = readingKey({ ...reading, code: row.code });
      if (seen.has(key)) continue;
      seen.add(key);
      fresh.push(row);
    }
    const duplicates = rows.length - fresh.length;
    if (!body.confirm) return previewOf(csv, mapping, read, { duplicates, added: 0 });
    for (let start = 0; start < fresh.length; start += ROWS_AN_INSERT) await tx.insert(observations).values(fresh.slice(start, start + ROWS_AN_INSERT));
    if (fresh.length > 0) {
      const readings = `${fresh.length.toLocaleString('en-US')} ${fresh.length === 1 ? 'reading' : 'readings'}`;
      // The feed's line names no one reading: it is about the file (as a FHIR import's is).
      await tx.insert(activities).values({ userId: patient.id, ...describeActivity('readings_imported', { readings }) });
    }
    return previewOf(csv, mapping, read, { duplicates, added: fresh.length });
  });
}

/** The keys (csv-readings.ts readingKey) of the stored readings of the file's measures over the file's minutes. */
async function storedKeys(db: Database, patient: Patient, readings: readonly CsvReading[]): Promise<Set<string>> {
  if (readings.length === 0) return new Set();
  const times = readings.map((reading) => reading.takenAt.getTime());
  const first = new Date(Math.floor(Math.min(...times) / 60_000) * 60_000);
  const last = new Date(Math.floor(Math.max(...times) / 60_000) * 60_000 + 59_999);
  const codes = [...new Set(readings.map((reading) => knownMeasure(reading.code).loinc))];
  const stored = await db
    .select()
    .from(observations)
    .where(and(ownRows(observations, patient), inArray(observations.code, codes), gte(observations.takenAt, first), lte(observations.takenAt, last)));
  return new Set(stored.map((row) => readingKey({ code: row.code, takenAt: row.takenAt, value: storedValue(row) })));
}

