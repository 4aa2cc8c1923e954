import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dataFingerprint } from '../../testing/data-fingerprint';
import {
  createAllergy,
  createAppointment,
  createChatMessage,
  createCondition,
  createImmunization,
  createMedicalRecord,
  createObservation,
  createProvider,
  createUser,
} from '../../testing/factories';
import { fetchOpenApiDocument, fillPath, operationsOf } from '../../testing/openapi-document';
import { createTestDatabase } from '../../testing/test-database';
import { useTestApp } from '../../testing/test-app';
import { unzip, zip } from '../../testing/zip-files';
import { buildApp } from '../app';
import { ARCHIVE_SCHEMA_FOLDER } from '../archive/json-schema';
import { PATIENT_EXISTS } from '../archive/restore';
import type { Database, DatabaseHandle } from '../db/client';
import { wipeData } from '../db/reset';
import {
  allergies,
  conditions,
  immunizations,
  medicalRecords,
  medicationDoses,
  medications,
  notifications,
  notificationSettings,
  observations,
  preventativeCare,
  providers,
  users,
} from '../db/schema/index';
import { planReminders } from '../services/notifications/planner';
import { seedIfEmpty } from '../db/seed';
import { CODE_SYSTEMS, URI_SYSTEM } from '../../shared/rules/codes';

// Export and restore (ADR 18), on both databases: the archive of one install restored into a fresh one answers every
// GET of the API as the first did, with every document byte for byte; an archive that is damaged, changed, of another
// version, too large or a bomb, or sent to an install that holds a record, writes nothing.

const source = useTestApp();
let target: DatabaseHandle;
let targetApp: FastifyInstance;
/** Small enough for a test to pass it: 8 MiB sent or unpacked. */
const MAX_ARCHIVE_BYTES = 8 * 2 ** 20;
const NOW = new Date('2026-11-26T10:00:00Z');

beforeAll(async () => {
  target = await createTestDatabase();
  targetApp = await buildApp({ database: target, maxArchiveBytes: MAX_ARCHIVE_BYTES });
});
afterAll(async () => {
  await targetApp?.close();
  await target?.close();
});
beforeEach(async () => {
  await wipeData(target.db);
});

/**
 * The demo patient (every kind of row, documents included), a chat, a document of several pieces, health list items
 * with every column given, readings of each value type, and another user.
 */
async function fillSource(): Promise<Buffer> {
  await wipeData(source.db);
  await seedIfEmpty(source.db, NOW);
  await createChatMessage(source.db, 1, { content: 'When is my next appointment?' });
  const large = randomBytes(700 * 1024);
  await createMedicalRecord(source.db, 1, { filename: '../Scan of knee (MRI).pdf', bytes: large });
  // Settings → Notifications saved (issue 33), and a medication reminded even at night.
  await source.db.insert(notificationSettings).values({ userId: 1, refills: false, quietHoursStart: '23:00', detailedNtfy: true });
  await source.db.update(medications).set({ remindAtNight: true }).where(eq(medications.name, 'Atorvastatin'));
  // The health lists (issue 34): a condition coded twice (one code without words) and resolved, an allergy with its
  // reactions, a vaccine with its CVX code.
  await createCondition(source.db, 1, {
    name: 'COVID-19',
    codes: [{ system: CODE_SYSTEMS.snomed, code: '840539006', display: 'COVID-19' }, { system: CODE_SYSTEMS.icd10, code: 'U07.1' }],
    clinicalStatus: 'resolved',
    onsetDate: '2020-03-10',
    abatementDate: '2020-03-24',
    note: 'Mild, at home',
  });
  await createAllergy(source.db, 1, {
    substance: 'Latex',
    codes: [{ system: CODE_SYSTEMS.snomed, code: '111088007', display: 'Latex' }],
    type: 'allergy',
    criticality: 'high',
    reactions: [{ manifestation: 'Hives', severity: 'moderate' }, { manifestation: 'Swollen lips', severity: null }],
    status: 'active',
    note: 'Gloves at the dentist',
  });
  await createImmunization(source.db, 1, {
    vaccine: 'Tdap',
    codes: [{ system: CODE_SYSTEMS.cvx, code: '115', display: 'Tdap' }],
    date: '2021-05-04',
    doseNumber: 1,
    lotNumber: 'AB123',
    site: 'Left arm',
    performer: 'Dr. Maria Lopez',
    note: 'Booster',
  });
  // Vitals and lab results (issue 35), read in metric units: a blood pressure; a lab's glucose in mmol/L with its
  // range, from the report it came in; a creatinine bounded by a comparator; words; and one that names no document.
  await source.db.update(users).set({ unitSystem: 'metric' }).where(eq(users.id, 1));
  const report = await createMedicalRecord(source.db, 1, { filename: 'Lab report.pdf' });
  await createObservation(source.db, 1, { takenAt: new Date('2026-11-20T08:15:00Z'), source: 'device', sourceName: 'Omron cuff', note: 'After coffee' });
  await createObservation(source.db, 1, {
    kind: 'laboratory',
    code: '2345-7',
    takenAt: new Date('2026-11-18T07:30:00Z'),
    valueType: 'quantity',
    value: 5.4,
    secondValue: null,
    unit: 'mmol/L',
    chartValue: 97.28,
    secondChartValue: null,
    referenceLow: 3.9,
    referenceHigh: 5.5,
    referenceText: '3.9-5.5 mmol/L',
    source: 'lab',
    sourceName: 'Quest Diagnostics',
    medicalRecordId: report.id,
    identifiers: [{ system: 'urn:oid:2.16.840.1.113883.3.1234', value: 'OBS-1' }, { system: URI_SYSTEM, value: 'urn:uuid:5d1e4a8c-1f2b-4c3d-9e8f-0a1b2c3d4e5f' }],
  });
  await createObservation(source.db, 1, {
    kind: 'laboratory',
    code: '2160-0',
    takenAt: new Date('2026-11-18T07:30:00Z'),
    valueType: 'quantity',
    value: 0.5,
    secondValue: null,
    comparator: '<',
    unit: 'mg/dL',
    chartValue: 0.5,
    secondChartValue: null,
    referenceLow: 0.6,
    referenceHigh: null,
    source: 'lab',
    medicalRecordId: report.id,
  });
  await createObservation(source.db, 1, {
    kind: 'laboratory',
    code: '5778-6',
    takenAt: new Date('2026-11-18T07:30:00Z'),
    valueType: 'text',
    value: null,
    secondValue: null,
    unit: null,
    chartValue: null,
    secondChartValue: null,
    valueText: 'Yellow',
    source: 'lab',
  });
  const other = await createUser(source.db, { displayName: 'Other Person' });
  await createMedicalRecord(source.db, other.id, { filename: 'not-theirs.pdf' });
  await createProvider(source.db, other.id, { name: 'Dr. Elsewhere' });
  await createCondition(source.db, other.id, { name: 'Not theirs: a condition' });
  await createAllergy(source.db, other.id, { substance: 'Not theirs: an allergy' });
  await createImmunization(source.db, other.id, { vaccine: 'Not theirs: a vaccine' });
  await createObservation(source.db, other.id, { note: 'Not theirs: a reading' });
  return large;
}

async function exportFrom(app: FastifyInstance): Promise<Buffer> {
  const response = await app.inject({ method: 'GET', url: '/api/export' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename=healthassist-\d{4}-\d{2}-\d{2}\.zip$/);
  return response.rawPayload;
}

function importInto(archive: Buffer | string, { replace = false, contentType = 'application/zip' } = {}) {
  return targetApp.inject({
    method: 'POST',
    url: `/api/import${replace ? '?replace=true' : ''}`,
    headers: { 'content-type': contentType },
    payload: archive,
  });
}

/** Every GET of the OpenAPI document with the paths filled from the source's rows; sign-in and the archive left out. */
async function everyGet(): Promise<string[]> {
  const document = await fetchOpenApiDocument(source.app);
  const ids = async (table: string) =>
    ((await source.db.execute(sql.raw(`select id from ${table} where user_id = 1 order by id`))) as unknown as { rows: { id: number }[] }).rows.map(
      (row) => row.id,
    );
  const byPath: [RegExp, () => Promise<number[]>][] = [
    [/^\/api\/medical-records\/\{id\}/, () => ids('medical_records')],
    [/^\/api\/appointments\/\{id\}/, () => ids('appointments')],
    [/^\/api\/insurance\/benefits\/\{insuranceId\}/, () => ids('insurance_plans')],
    [/^\/api\/medications\/\{(id|medicationId)\}/, () => ids('medications')],
  ];
  const urls: string[] = [];
  for (const operation of operationsOf(document)) {
    // The notifications are derived from the record, not in the archive (the scheduler computes them again).
    if (operation.method !== 'GET' || /^\/api\/(health|session|setup|security|export|notifications)\b/.test(operation.path)) continue;
    const special = byPath.find(([pattern]) => pattern.test(operation.path));
    const values = special ? await special[1]() : [1];
    for (const value of values) urls.push(fillPath(operation.path, { userId: 1, id: value, insuranceId: value, medicationId: value }));
  }
  return urls;
}

async function answer(app: FastifyInstance, url: string) {
  const response = await app.inject({ method: 'GET', url });
  const type = String(response.headers['content-type'] ?? '');
  // A calendar file says when it was made (DTSTAMP): the only part of an answer that is the time of asking.
  const body = type.includes('json') ? response.json() : response.rawPayload.toString('latin1').replace(/^DTSTAMP:.*$/gm, 'DTSTAMP');
  return { status: response.statusCode, type, body };
}

/** The patient's medications, dose log and notification settings as the tables hold them, every column, in id order. */
async function medicationRows(db: Database) {
  return {
    medications: await db.select().from(medications).where(eq(medications.userId, 1)).orderBy(asc(medications.id)),
    doses: await db.select().from(medicationDoses).where(eq(medicationDoses.userId, 1)).orderBy(asc(medicationDoses.id)),
    notificationSettings: await db.select().from(notificationSettings).where(eq(notificationSettings.userId, 1)),
  };
}

/** The patient's conditions, allergies and immunizations (issue 34) as the tables hold them, every column, in id order. */
async function healthListRows(db: Database, userId = 1) {
  return {
    conditions: await db.select().from(conditions).where(eq(conditions.userId, userId)).orderBy(asc(conditions.id)),
    allergies: await db.select().from(allergies).where(eq(allergies.userId, userId)).orderBy(asc(allergies.id)),
    immunizations: await db.select().from(immunizations).where(eq(immunizations.userId, userId)).orderBy(asc(immunizations.id)),
  };
}

/** The patient's readings (issue 35) as the table holds them, every column, in id order, and the units they are read in. */
async function observationRows(db: Database, userId = 1) {
  const [patient] = await db.select({ unitSystem: users.unitSystem }).from(users).where(eq(users.id, userId));
  return {
    unitSystem: patient?.unitSystem,
    observations: await db.select().from(observations).where(eq(observations.userId, userId)).orderBy(asc(observations.id)),
  };
}

/** The archive's files with healthassist.json changed, and the manifest's size and SHA-256 of it made to agree. */
function withData(files: Map<string, Buffer>, change: (data: Record<string, unknown>) => Record<string, unknown>, manifestVersion?: number): Map<string, Buffer> {
  const data = Buffer.from(JSON.stringify(change(JSON.parse(files.get('healthassist.json')!.toString()) as Record<string, unknown>), null, 1));
  const manifest = JSON.parse(files.get('manifest.json')!.toString()) as { version: number; files: { path: string; size: number; sha256: string }[] };
  const listed = manifest.files.map((file) =>
    file.path === 'healthassist.json' ? { ...file, size: data.length, sha256: createHash('sha256').update(data).digest('hex') } : file,
  );
  const newManifest = Buffer.from(JSON.stringify({ ...manifest, version: manifestVersion ?? manifest.version, files: listed }));
  return new Map([...files].map(([path, bytes]) => [path, path === 'healthassist.json' ? data : path === 'manifest.json' ? newManifest : bytes]));
}

/**
 * The profile's two boxes as HealthAssist kept them before issue 34, one item a line: spaces around a line, blank
 * lines, a Windows line end, as a patient's typing leaves them.
 */
const PROFILE_TEXTS = { existingConditions: '  High blood pressure \n\n Type 2 diabetes\r\n \t \nAsthma', allergies: 'Penicillin\n   \nShellfish  ' };

/** What HealthAssist wrote before vitals and lab results (format version 5): no readings, and no unit system. */
function asVersion5(files: Map<string, Buffer>): Map<string, Buffer> {
  return withData(
    files,
    ({ observations: _observations, patient, ...data }) => {
      const { unitSystem: _unitSystem, ...profile } = patient as Record<string, unknown>;
      return { ...data, version: 5, patient: profile };
    },
    5,
  );
}

/** What an archive older than version 6 comes back as: no readings, read in US units, every patient's until then. */
function asBeforeReadings<Rows extends Record<string, unknown>>(rows: Rows): Rows {
  return { ...rows, patient: { ...(rows.patient as object), unitSystem: 'us' }, observations: [] };
}

/**
 * What HealthAssist wrote before rows kept where they came from (format version 4): no row's `identifiers`, and no
 * care item's, plan's or appointment's `codes`.
 */
function asVersion4(files: Map<string, Buffer>): Map<string, Buffer> {
  const withoutSources = (rows: unknown) => (rows as Array<Record<string, unknown>>).map(({ identifiers: _identifiers, ...row }) => row);
  return withData(
    asVersion5(files),
    (data) => ({
      ...data,
      version: 4,
      ...Object.fromEntries(['conditions', 'allergies', 'immunizations', 'providers', 'medications'].map((table) => [table, withoutSources(data[table])])),
      preventativeCare: withoutSources(data.preventativeCare).map(({ codes: _codes, ...item }) => item),
      ...Object.fromEntries(['insurancePlans', 'appointments'].map((table) => [table, (data[table] as Array<Record<string, unknown>>).map(({ codes: _codes, ...row }) => row)])),
    }),
    4,
  );
}

/**
 * What HealthAssist wrote before the health lists (format version 3): no conditions, allergies or immunizations, the
 * profile's two texts instead, and nothing said of the patient's death.
 */
function asVersion3(files: Map<string, Buffer>, texts: { existingConditions: string | null; allergies: string | null } = PROFILE_TEXTS): Map<string, Buffer> {
  return withData(
    asVersion4(files),
    ({ conditions: _conditions, allergies: _allergies, immunizations: _immunizations, patient, medications, ...data }) => {
      const { deceased: _deceased, deceasedDate: _deceasedDate, ...profile } = patient as Record<string, unknown>;
      // Nor had a medication codes (issue 34).
      const uncoded = (medications as Array<Record<string, unknown>>).map(({ codes: _codes, ...medication }) => medication);
      return { ...data, version: 3, patient: { ...profile, ...texts }, medications: uncoded };
    },
    3,
  );
}

/** What a version 3 archive's profile texts come back as: one item a line, in order, active, uncoded, ids from 1. */
function itemsOfProfileTexts(exportedAt: string) {
  const common = { codes: [], identifiers: [], note: null, createdAt: exportedAt };
  return {
    conditions: ['High blood pressure', 'Type 2 diabetes', 'Asthma'].map((name, index) => ({
      ...common,
      id: index + 1,
      name,
      clinicalStatus: 'active',
      onsetDate: null,
      abatementDate: null,
    })),
    allergies: ['Penicillin', 'Shellfish'].map((substance, index) => ({
      ...common,
      id: index + 1,
      substance,
      type: null,
      criticality: null,
      reactions: [],
      status: 'active',
    })),
    immunizations: [],
  };
}

/** What HealthAssist wrote before notifications (format version 2): no settings, no medication reminded at night. */
function asVersion2(files: Map<string, Buffer>): Map<string, Buffer> {
  return withData(
    asVersion3(files),
    ({ notificationSettings: _settings, medications, ...data }) => ({
      ...data,
      version: 2,
      medications: (medications as Array<Record<string, unknown>>).map(({ remindAtNight: _night, ...medication }) => medication),
    }),
    2,
  );
}

/** What HealthAssist wrote before medications (format version 1): version 2's files, less the two tables. */
function asVersion1(files: Map<string, Buffer>): Map<string, Buffer> {
  return withData(asVersion2(files), ({ medications: _medications, medicationDoses: _doses, ...data }) => ({ ...data, version: 1 }), 1);
}

/** An archive's data passes the JSON Schema of its version, as docs/archive/ keeps it. */
function expectValidAgainst(schemaPath: string, data: Buffer) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const validate = ajv.compile(JSON.parse(readFileSync(new URL(schemaPath, ARCHIVE_SCHEMA_FOLDER), 'utf8')));
  expect(validate(JSON.parse(data.toString())), `${schemaPath}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}

describe('an export restored into a fresh install', () => {
  it('answers every GET as the install it came from, with every document byte for byte', async () => {
    const large = await fillSource();
    const archive = await exportFrom(source.app);
    const restored = await importInto(archive);
    expect(restored.statusCode, restored.body).toBe(201);
    expect(restored.json().restored).toMatchObject({ documents: expect.any(Number), medicalRecords: expect.any(Number) });
    expect(restored.json().restored.documents).toBe(restored.json().restored.medicalRecords);
    // Every medication and every entry of its dose log, column for column (the demo has all four schedule kinds' worth).
    const sourceMedications = await medicationRows(source.db);
    expect(sourceMedications.medications.length).toBeGreaterThanOrEqual(4);
    expect(sourceMedications.doses.length).toBeGreaterThan(20);
    expect(new Set(sourceMedications.doses.map((dose) => dose.status))).toEqual(new Set(['taken', 'skipped', 'missed']));
    expect(sourceMedications.doses.some((dose) => dose.scheduledDate === null)).toBe(true);
    expect(sourceMedications.medications.some((medication) => medication.remindAtNight)).toBe(true);
    expect(sourceMedications.notificationSettings).toHaveLength(1);
    expect(await medicationRows(target.db)).toEqual(sourceMedications);
    // The notifications are not the record: none came back. What is due now is computed from it again, for the app only.
    expect(await source.db.select().from(notifications).where(eq(notifications.userId, 1))).toHaveLength(3);
    expect((await target.db.select().from(notifications)).filter((row) => !row.dispatched)).toEqual([]);
    expect(restored.json().restored).toMatchObject({ medications: sourceMedications.medications.length, medicationDoses: sourceMedications.doses.length });
    // Every condition, allergy and immunization, column for column: codes, statuses, dates and reactions included.
    const sourceLists = await healthListRows(source.db);
    expect(sourceLists.conditions).toContainEqual(expect.objectContaining({ name: 'COVID-19', clinicalStatus: 'resolved', codes: expect.arrayContaining([expect.objectContaining({ system: CODE_SYSTEMS.snomed })]) }));
    expect(sourceLists.allergies).toContainEqual(expect.objectContaining({ substance: 'Latex', reactions: expect.arrayContaining([{ manifestation: 'Swollen lips', severity: null }]) }));
    expect(sourceLists.immunizations).toContainEqual(expect.objectContaining({ vaccine: 'Tdap', doseNumber: 1, codes: [expect.objectContaining({ system: CODE_SYSTEMS.cvx, code: '115' })] }));
    expect(await healthListRows(target.db)).toEqual(sourceLists);
    // Every reading, column for column (issue 35): each value type, a comparator, a lab's range, where it came from, and
    // the document it came in, which is the restored document of the same id; the units the patient reads them in.
    const sourceReadings = await observationRows(source.db);
    expect(sourceReadings.unitSystem).toBe('metric');
    expect(new Set(sourceReadings.observations.map((row) => row.valueType))).toEqual(new Set(['blood-pressure', 'quantity', 'text']));
    expect(sourceReadings.observations).toContainEqual(expect.objectContaining({ comparator: '<', referenceLow: 0.6, referenceHigh: null }));
    const linked = sourceReadings.observations.filter((row) => row.medicalRecordId !== null);
    expect(linked).toHaveLength(2);
    expect(await observationRows(target.db)).toEqual(sourceReadings);
    const [report] = await target.db.select({ filename: medicalRecords.filename, userId: medicalRecords.userId }).from(medicalRecords).where(eq(medicalRecords.id, linked[0]!.medicalRecordId!));
    expect(report).toEqual({ filename: 'Lab report.pdf', userId: 1 });

    const urls = await everyGet();
    expect(urls.length).toBeGreaterThan(15);
    for (const url of urls) expect(await answer(targetApp, url), url).toEqual(await answer(source.app, url));
    const files = await unzip(archive);
    expect([...files.values()].some((bytes) => bytes.equals(large))).toBe(true);
    // What the archive holds is what docs/archive/ describes.
    for (const [file, schema] of [['healthassist.json', 'healthassist.schema.json'], ['manifest.json', 'manifest.schema.json']] as const) {
      expectValidAgainst(schema, files.get(file)!);
    }
    expect([...files.keys()].some((path) => path.includes('Elsewhere') || path.includes('not-theirs'))).toBe(false);
    expect(files.get('healthassist.json')!.toString()).not.toContain('Not theirs');

    // The restored install's own export holds the same rows and files: only the time it was made differs.
    const again = await unzip(await exportFrom(targetApp));
    const rowsOf = (files: Map<string, Buffer>) => ({ ...JSON.parse(files.get('healthassist.json')!.toString()), exportedAt: null });
    expect(rowsOf(again)).toEqual(rowsOf(files));
    for (const [path, bytes] of files) if (path.startsWith('documents/')) expect(again.get(path)?.equals(bytes), path).toBe(true);
  });

  it('shows the reminders due at the restore in the app and never sends them again: the record they come from sent them', async () => {
    await fillSource();
    // An appointment in twelve hours: its day-before reminder is due now, whatever the time of day the test runs.
    await source.db.update(users).set({ timeZone: 'UTC' }).where(eq(users.id, 1));
    const provider = await createProvider(source.db, 1, { name: 'Dr. Sarah Chen' });
    const start = new Date(Date.now() + 12 * 3_600_000);
    await createAppointment(source.db, 1, provider.id, { appointmentDate: start.toISOString().slice(0, 10), appointmentTime: start.toISOString().slice(11, 16) });
    const restored = await importInto(await exportFrom(source.app));
    expect(restored.statusCode, restored.body).toBe(201);
    const rows = await target.db.select().from(notifications);
    expect(rows.map((row) => row.kind)).toContain('appointment-tomorrow');
    expect(rows.filter((row) => !row.dispatched || row.missed)).toEqual([]);
    // The scheduler's next minute finds them written: nothing to write, so nothing to send.
    expect(await planReminders(target.db, { id: 1 }, { since: null, now: new Date() })).toBe(0);
  });

  it('of format version 1, made before medications, restores: every row it holds, and no medications', async () => {
    await fillSource();
    const files = await unzip(await exportFrom(source.app));
    const older = asVersion1(files);
    // It is what version 1 was: its data passes version 1's own JSON Schema, kept in docs/archive/version-1/.
    expectValidAgainst('version-1/healthassist.schema.json', older.get('healthassist.json')!);

    const restored = await importInto(await zip(older));
    expect(restored.statusCode, restored.body).toBe(201);
    expect(restored.json().restored).toMatchObject({ medications: 0, medicationDoses: 0, providers: expect.any(Number) });
    expect(restored.json().restored.providers).toBeGreaterThan(0);
    // The restored install writes the current version: the same rows, with the two tables empty and no settings.
    const again = await unzip(await exportFrom(targetApp));
    const rowsOf = (files: Map<string, Buffer>) => ({ ...JSON.parse(files.get('healthassist.json')!.toString()), exportedAt: null });
    const exportedAt = JSON.parse(files.get('healthassist.json')!.toString()).exportedAt as string;
    expect(rowsOf(again)).toEqual({ ...asBeforeReadings(rowsOf(files)), ...itemsOfProfileTexts(exportedAt), medications: [], medicationDoses: [], notificationSettings: null });
    for (const [path, bytes] of files) if (path.startsWith('documents/')) expect(again.get(path)?.equals(bytes), path).toBe(true);
  });

  it('of format version 2, made before notifications, restores: every row, the settings at their defaults, no medication reminded at night', async () => {
    await fillSource();
    const files = await unzip(await exportFrom(source.app));
    const older = asVersion2(files);
    expectValidAgainst('version-2/healthassist.schema.json', older.get('healthassist.json')!);

    const restored = await importInto(await zip(older));
    expect(restored.statusCode, restored.body).toBe(201);
    const rows = await medicationRows(target.db);
    expect(rows.medications.length).toBeGreaterThanOrEqual(4);
    expect(rows.medications.every((medication) => !medication.remindAtNight)).toBe(true);
    expect(rows.notificationSettings).toEqual([]);
    const settings = await targetApp.inject({ method: 'GET', url: '/api/notification-settings/1' });
    expect(settings.json()).toMatchObject({ quietHours: { start: '22:00', end: '07:00' }, switches: { refills: true } });
    const again = await unzip(await exportFrom(targetApp));
    const rowsOf = (files: Map<string, Buffer>) => ({ ...JSON.parse(files.get('healthassist.json')!.toString()), exportedAt: null });
    const current = asBeforeReadings(rowsOf(files));
    expect(rowsOf(again)).toEqual({
      ...current,
      ...itemsOfProfileTexts(JSON.parse(files.get('healthassist.json')!.toString()).exportedAt as string),
      notificationSettings: null,
      medications: (current.medications as Array<Record<string, unknown>>).map((medication) => ({ ...medication, remindAtNight: false })),
    });
  });

  it('of format version 3, made before the health lists, restores: each line of the profile’s two texts an item, in order, active, uncoded', async () => {
    await fillSource();
    const files = await unzip(await exportFrom(source.app));
    const older = asVersion3(files);
    expectValidAgainst('version-3/healthassist.schema.json', older.get('healthassist.json')!);

    const restored = await importInto(await zip(older));
    expect(restored.statusCode, restored.body).toBe(201);
    const lists = await healthListRows(target.db);
    expect(lists.conditions.map((row) => [row.id, row.name, row.clinicalStatus, row.codes, row.onsetDate, row.note])).toEqual([
      [1, 'High blood pressure', 'active', [], null, null],
      [2, 'Type 2 diabetes', 'active', [], null, null],
      [3, 'Asthma', 'active', [], null, null],
    ]);
    expect(lists.allergies.map((row) => [row.id, row.substance, row.status, row.codes, row.reactions, row.type])).toEqual([
      [1, 'Penicillin', 'active', [], [], null],
      [2, 'Shellfish', 'active', [], [], null],
    ]);
    expect(lists.immunizations).toEqual([]);
    // My Profile's two boxes show them as they were typed, a line an item.
    const profile = await targetApp.inject({ method: 'GET', url: '/api/users/1' });
    expect(profile.json()).toMatchObject({ existingConditions: 'High blood pressure\nType 2 diabetes\nAsthma', allergies: 'Penicillin\nShellfish' });
    // The restored install writes the current version: every other row as it was, the patient alive.
    const again = await unzip(await exportFrom(targetApp));
    const rowsOf = (files: Map<string, Buffer>) => ({ ...JSON.parse(files.get('healthassist.json')!.toString()), exportedAt: null });
    const exportedAt = JSON.parse(files.get('healthassist.json')!.toString()).exportedAt as string;
    expect(rowsOf(again)).toEqual({ ...asBeforeReadings(rowsOf(files)), ...itemsOfProfileTexts(exportedAt) });
    // A condition added now is numbered after them.
    const created = await targetApp.inject({ method: 'POST', url: '/api/conditions', payload: { userId: 1, name: 'Migraine' } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().id).toBe(4);
  });

  it('of format version 3, replacing a record, leaves nothing of its health lists, and numbers past every row of the tables', async () => {
    await fillSource();
    const older = await zip(asVersion3(await unzip(await exportFrom(source.app))));
    // The record replaced: the demo's coded lists, one more of each, and the patient's death.
    await seedIfEmpty(target.db, NOW);
    await createCondition(target.db, 1, { name: 'Replaced condition', clinicalStatus: 'resolved' });
    await createAllergy(target.db, 1, { substance: 'Replaced allergy', reactions: [{ manifestation: 'Rash', severity: 'mild' }] });
    await createImmunization(target.db, 1, { vaccine: 'Replaced vaccine' });
    await target.db.update(users).set({ deceased: true, deceasedDate: '2026-10-02' }).where(eq(users.id, 1));
    // Another user's rows, numbered past those the lines become: not the record, they stay as they are.
    const other = await createUser(target.db, { displayName: 'Other Person' });
    await createCondition(target.db, other.id, { id: 100, name: 'Not theirs' });
    await createAllergy(target.db, other.id, { id: 100, substance: 'Not theirs' });
    await createImmunization(target.db, other.id, { id: 100, vaccine: 'Not theirs' });
    const othersBefore = await healthListRows(target.db, other.id);
    expect((await healthListRows(target.db)).immunizations.length).toBeGreaterThan(0);

    const replaced = await importInto(older, { replace: true });
    expect(replaced.statusCode, replaced.body).toBe(201);
    const lists = await healthListRows(target.db);
    expect(lists.conditions.map((row) => [row.id, row.name])).toEqual([[1, 'High blood pressure'], [2, 'Type 2 diabetes'], [3, 'Asthma']]);
    expect(lists.allergies.map((row) => [row.id, row.substance])).toEqual([[1, 'Penicillin'], [2, 'Shellfish']]);
    expect(lists.immunizations).toEqual([]);
    const [patient] = await target.db.select({ deceased: users.deceased, deceasedDate: users.deceasedDate }).from(users).where(eq(users.id, 1));
    expect(patient).toEqual({ deceased: false, deceasedDate: null });
    expect(await healthListRows(target.db, other.id)).toEqual(othersBefore);
    // Each table numbers on after its highest row, whosever it is.
    for (const [path, payload, table] of [
      ['/api/conditions', { userId: 1, name: 'Migraine' }, conditions],
      ['/api/allergies', { userId: 1, substance: 'Peanuts' }, allergies],
      ['/api/immunizations', { userId: 1, vaccine: 'Flu vaccine', date: '2026-10-01' }, immunizations],
    ] as const) {
      const highest = Math.max(...(await target.db.select({ id: table.id }).from(table)).map((row) => row.id));
      const created = await targetApp.inject({ method: 'POST', url: path, payload });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().id, path).toBe(highest + 1);
    }
  });

  it('keeps where a row came from (version 5): a provider’s NPI, a care item’s codes and the screening it came from', async () => {
    await fillSource();
    const [provider] = await source.db.select({ id: providers.id }).from(providers).orderBy(asc(providers.id)).limit(1);
    const [item] = await source.db.select({ id: preventativeCare.id }).from(preventativeCare).orderBy(asc(preventativeCare.id)).limit(1);
    const npi = [{ system: 'http://hl7.org/fhir/sid/us-npi', value: '1234567893' }];
    const screening = { codes: [{ system: CODE_SYSTEMS.snomed, code: '73761001', display: 'Colonoscopy' }], identifiers: [{ system: URI_SYSTEM, value: 'urn:uuid:colonoscopy' }] };
    await source.db.update(providers).set({ identifiers: npi }).where(eq(providers.id, provider!.id));
    await source.db.update(preventativeCare).set(screening).where(eq(preventativeCare.id, item!.id));

    const restored = await importInto(await exportFrom(source.app));
    expect(restored.statusCode, restored.body).toBe(201);
    expect((await target.db.select({ identifiers: providers.identifiers }).from(providers).where(eq(providers.id, provider!.id)))[0]).toEqual({ identifiers: npi });
    const [kept] = await target.db.select({ codes: preventativeCare.codes, identifiers: preventativeCare.identifiers }).from(preventativeCare).where(eq(preventativeCare.id, item!.id));
    expect(kept).toEqual(screening);
  });

  it('of format version 4, made before rows kept where they came from, restores every row, each from nowhere', async () => {
    await fillSource();
    const files = await unzip(await exportFrom(source.app));
    const older = asVersion4(files);
    expectValidAgainst('version-4/healthassist.schema.json', older.get('healthassist.json')!);
    const restored = await importInto(await zip(older));
    expect(restored.statusCode, restored.body).toBe(201);
    // The restored install writes the current version: every row as it was (the source's came from nowhere either).
    const again = await unzip(await exportFrom(targetApp));
    const rowsOf = (files: Map<string, Buffer>) => ({ ...JSON.parse(files.get('healthassist.json')!.toString()), exportedAt: null });
    expect(rowsOf(again)).toEqual(asBeforeReadings(rowsOf(files)));
    const sourced = await target.db.select({ id: providers.id }).from(providers).where(sql`${providers.identifiers} <> '[]'::jsonb`);
    expect(sourced).toEqual([]);
  });

  it('of format version 5, made before vitals and lab results, restores every row: no readings, shown in US units', async () => {
    await fillSource();
    const files = await unzip(await exportFrom(source.app));
    const older = asVersion5(files);
    expectValidAgainst('version-5/healthassist.schema.json', older.get('healthassist.json')!);
    const restored = await importInto(await zip(older));
    expect(restored.statusCode, restored.body).toBe(201);
    expect(await observationRows(target.db)).toEqual({ unitSystem: 'us', observations: [] });
    // The documents the readings came in are still there: only the readings were not in version 5.
    expect(restored.json().restored.medicalRecords).toBe(JSON.parse(files.get('healthassist.json')!.toString()).medicalRecords.length);
    // The restored install writes the current version: every other row as it was.
    const again = await unzip(await exportFrom(targetApp));
    const rowsOf = (files: Map<string, Buffer>) => ({ ...JSON.parse(files.get('healthassist.json')!.toString()), exportedAt: null });
    expect(rowsOf(again)).toEqual(asBeforeReadings(rowsOf(files)));
  });

  it('keeps whether the patient has died, and the day; and writes no reminder for them', async () => {
    await fillSource();
    await source.db.update(users).set({ deceased: true, deceasedDate: '2026-10-02', timeZone: 'UTC' }).where(eq(users.id, 1));
    // An appointment in twelve hours, whose day-before reminder would be due at the restore (the test above).
    const start = new Date(Date.now() + 12 * 3_600_000);
    const provider = await createProvider(source.db, 1, { name: 'Dr. Sarah Chen' });
    await createAppointment(source.db, 1, provider.id, { appointmentDate: start.toISOString().slice(0, 10), appointmentTime: start.toISOString().slice(11, 16) });
    const files = await unzip(await exportFrom(source.app));
    expect(JSON.parse(files.get('healthassist.json')!.toString()).patient).toMatchObject({ deceased: true, deceasedDate: '2026-10-02' });
    const restored = await importInto(await zip(files));
    expect(restored.statusCode, restored.body).toBe(201);
    const [patient] = await target.db.select({ deceased: users.deceased, deceasedDate: users.deceasedDate }).from(users).where(eq(users.id, 1));
    expect(patient).toEqual({ deceased: true, deceasedDate: '2026-10-02' });
    expect(await target.db.select().from(notifications)).toEqual([]);
  });

  it('goes on numbering after the rows it brought', async () => {
    await fillSource();
    expect((await importInto(await exportFrom(source.app))).statusCode).toBe(201);
    const created = await targetApp.inject({ method: 'POST', url: '/api/providers', payload: { userId: 1, name: 'Dr. New', specialty: 'Other' } });
    expect(created.statusCode, created.body).toBe(201);
    const highest = (await targetApp.inject({ method: 'GET', url: '/api/providers/1' })).json() as { id: number }[];
    expect(created.json().id).toBe(Math.max(...highest.map((provider) => provider.id)));
    const condition = await targetApp.inject({ method: 'POST', url: '/api/conditions', payload: { userId: 1, name: 'Migraine' } });
    expect(condition.statusCode, condition.body).toBe(201);
    const conditionIds = (await healthListRows(source.db)).conditions.map((row) => row.id);
    expect(condition.json().id).toBe(Math.max(...conditionIds) + 1);
    const reading = await targetApp.inject({
      method: 'POST',
      url: '/api/observations',
      payload: { userId: 1, code: '85354-9', takenAt: new Date(Date.now() - 3_600_000).toISOString(), value: { type: 'blood-pressure', systolic: 121, diastolic: 79, unit: 'mm[Hg]' } },
    });
    expect(reading.statusCode, reading.body).toBe(201);
    const readingIds = (await observationRows(source.db)).observations.map((row) => row.id);
    expect(reading.json().id).toBe(Math.max(...readingIds) + 1);
  });
});

describe('an archive that cannot be restored writes nothing', () => {
  let archive: Buffer;
  let files: Map<string, Buffer>;
  beforeEach(async () => {
    await fillSource();
    archive = await exportFrom(source.app);
    files = await unzip(archive);
  });

  async function expectRefused(body: Buffer | string, status: number, message: RegExp, options?: Parameters<typeof importInto>[1]) {
    const before = await dataFingerprint(target.db);
    const response = await importInto(body, options);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual({ message: expect.stringMatching(message) });
    expect(await dataFingerprint(target.db)).toBe(before);
  }

  const changed = (path: string, change: (bytes: Buffer) => Buffer) => new Map([...files].map(([name, bytes]) => [name, name === path ? change(bytes) : bytes]));
  const firstDocument = () => [...files.keys()].find((path) => path.startsWith('documents/'))!;
  const manifest = () => JSON.parse(files.get('manifest.json')!.toString());

  it('damaged: cut short, or not a ZIP at all', async () => {
    await expectRefused(archive.subarray(0, archive.length - 100), 400, /not a ZIP archive, or it is damaged/);
    await expectRefused(Buffer.from('PK\u0003\u0004 but nothing after'), 400, /not a ZIP archive/);
  });

  it('changed: a document’s bytes, the data, a file added or taken away', async () => {
    const flipLast = (bytes: Buffer) => Buffer.concat([bytes.subarray(0, -1), Buffer.from([bytes.at(-1)! ^ 0xff])]);
    // The last document's check comes after every row is written: the transaction takes them back.
    const lastDocument = [...files.keys()].filter((path) => path.startsWith('documents/')).at(-1)!;
    await expectRefused(await zip(changed(lastDocument, flipLast)), 400, /damaged or was changed: documents\/.* SHA-256 differs/);
    const data = files.get('healthassist.json')!.toString().replace('"Alex Morgan"', '"Alex Morgen"');
    await expectRefused(await zip(changed('healthassist.json', () => Buffer.from(data))), 400, /healthassist\.json is not the file its manifest describes/);
    await expectRefused(await zip(new Map([...files, ['documents/extra.pdf', Buffer.from('%PDF-1.4')]])), 400, /documents\/extra\.pdf is not in its manifest/);
    const without = new Map(files);
    without.delete(firstDocument());
    await expectRefused(await zip(without), 400, /listed in its manifest, is missing/);
  });

  it('of another format version', async () => {
    const newer = changed('manifest.json', () => Buffer.from(JSON.stringify({ ...manifest(), version: 7 })));
    await expectRefused(await zip(newer), 400, /made by a newer HealthAssist \(format version 7\); this one reads versions up to 6/);
    const unknown = changed('manifest.json', () => Buffer.from(JSON.stringify({ ...manifest(), version: 'one' })));
    await expectRefused(await zip(unknown), 400, /format version \("one"\) is not one HealthAssist knows/);
  });

  it('a version 1 archive that holds medications, a version 2 one that holds notification settings, a version 3 one that holds health lists, a version 4 one that says where a row came from, a version 5 one that holds readings or a unit system, or data of another version than its manifest', async () => {
    const withMedications = withData(asVersion2(files), (data) => ({ ...data, version: 1 }), 1);
    await expectRefused(await zip(withMedications), 400, /healthassist\.json: Unrecognized key(s)?.*medications/);
    const withLists = withData(asVersion3(files), (data) => ({ ...data, conditions: [] }), 3);
    await expectRefused(await zip(withLists), 400, /healthassist\.json: Unrecognized key(s)?.*conditions/);
    const withSources = withData(asVersion4(files), (data) => ({ ...data, providers: (data.providers as Array<Record<string, unknown>>).map((row) => ({ ...row, identifiers: [] })) }), 4);
    await expectRefused(await zip(withSources), 400, /healthassist\.json: providers.*Unrecognized key(s)?.*identifiers/);
    const withReadings = withData(asVersion5(files), (data) => ({ ...data, observations: [] }), 5);
    await expectRefused(await zip(withReadings), 400, /healthassist\.json: Unrecognized key(s)?.*observations/);
    const withUnits = withData(asVersion5(files), (data) => ({ ...data, patient: { ...(data.patient as object), unitSystem: 'metric' } }), 5);
    await expectRefused(await zip(withUnits), 400, /healthassist\.json: patient: Unrecognized key(s)?.*unitSystem/);
    // A version 4 archive's profile holds no texts of conditions: they are its lists.
    const withTexts = withData(files, (data) => ({ ...data, patient: { ...(data.patient as object), existingConditions: 'Asthma' } }));
    await expectRefused(await zip(withTexts), 400, /healthassist\.json: patient: Unrecognized key(s)?.*existingConditions/);
    const withSettings = withData(asVersion3(files), (data) => ({ ...data, version: 2 }), 2);
    await expectRefused(await zip(withSettings), 400, /healthassist\.json: .*(notificationSettings|remindAtNight)/);
    await expectRefused(await zip(withData(files, (data) => data, 1)), 400, /healthassist\.json is of another format version than its manifest \(1\)/);
  });

  it('medications and doses that break what the tables hold', async () => {
    type Rows = { medications: Record<string, unknown>[]; medicationDoses: Record<string, unknown>[] };
    const edit = (change: (data: Rows) => void) =>
      zip(
        withData(files, (data) => {
          const copy = structuredClone(data) as unknown as Rows;
          change(copy);
          return copy as unknown as Record<string, unknown>;
        }),
      );
    const dose = (data: Rows) => data.medicationDoses.find((each) => each.scheduledDate !== null)!;
    await expectRefused(await edit((data) => { dose(data).medicationId = 9999; }), 400, /damaged or was changed: dose \d+ names medication 9999, which the backup does not hold/);
    await expectRefused(await edit((data) => { data.medications[0]!.providerId = 9999; }), 400, /medication \d+ names provider 9999, which the backup does not hold/);
    await expectRefused(await edit((data) => { data.medicationDoses.push({ ...dose(data), id: 9999 }); }), 400, /two entries for one scheduled dose/);
    await expectRefused(await edit((data) => { data.medications.push({ ...data.medications[0]!, id: data.medications[0]!.id }); }), 400, /holds medication \d+ twice/);
    await expectRefused(await edit((data) => { data.medications[0]!.stoppedOn = '2026-01-01'; }), 400, /healthassist\.json: medications\.0\.stoppedOn: is given exactly when the status is stopped/);
    await expectRefused(await edit((data) => { dose(data).takenAt = null; }), 400, /medicationDoses\.\d+\.takenAt: is given exactly when the status is taken/);
    await expectRefused(await edit((data) => { data.medications[0]!.schedule = { kind: 'daily', times: ['8am'] }; }), 400, /medications\.0\.schedule\.times\.0: must be a time of day/);
  });

  it('health list items and a profile that break what the tables hold', async () => {
    type Rows = { patient: Record<string, unknown>; conditions: Record<string, unknown>[]; allergies: Record<string, unknown>[]; immunizations: Record<string, unknown>[] };
    const edit = (change: (data: Rows) => void) =>
      zip(
        withData(files, (data) => {
          const copy = structuredClone(data) as unknown as Rows;
          change(copy);
          return copy as unknown as Record<string, unknown>;
        }),
      );
    const covid = (data: Rows) => data.conditions.find((row) => row.name === 'COVID-19')!;
    await expectRefused(await edit((data) => { covid(data).abatementDate = '2020-03-01'; }), 400, /healthassist\.json: conditions\.\d+\.abatementDate: must be on or after the onset date/);
    await expectRefused(await edit((data) => { data.conditions[0]!.clinicalStatus = 'cured'; }), 400, /conditions\.0\.clinicalStatus/);
    await expectRefused(await edit((data) => { data.conditions[0]!.name = ' \t '; }), 400, /conditions\.0\.name: must not be blank/);
    await expectRefused(await edit((data) => { data.conditions[0]!.codes = [{ code: '38341003' }]; }), 400, /conditions\.0\.codes\.0\.system/);
    await expectRefused(await edit((data) => { data.conditions.push({ ...data.conditions[0]! }); }), 400, /damaged or was changed: it holds condition \d+ twice/);
    await expectRefused(
      await edit((data) => { data.allergies[0]!.reactions = [{ manifestation: 'Hives', severity: 'awful' }]; }),
      400,
      /allergies\.0\.reactions\.0\.severity/,
    );
    await expectRefused(await edit((data) => { data.allergies[0]!.criticality = 'extreme'; }), 400, /allergies\.0\.criticality/);
    await expectRefused(await edit((data) => { data.allergies.push({ ...data.allergies[0]! }); }), 400, /it holds allergy \d+ twice/);
    await expectRefused(await edit((data) => { data.immunizations.find((row) => row.lotNumber === 'AB123')!.doseNumber = 0; }), 400, /immunizations\.\d+\.doseNumber/);
    await expectRefused(await edit((data) => { data.immunizations[0]!.date = null; }), 400, /immunizations\.0\.date/);
    await expectRefused(await edit((data) => { data.immunizations.push({ ...data.immunizations[0]! }); }), 400, /it holds immunization \d+ twice/);
    await expectRefused(await edit((data) => { data.patient.deceasedDate = '2026-10-02'; }), 400, /patient\.deceasedDate: is given only when the patient has died/);
  });

  it('readings that break what the table holds, and a unit system it does not know', async () => {
    type Rows = { patient: Record<string, unknown>; observations: Record<string, unknown>[] };
    const edit = (change: (data: Rows) => void) =>
      zip(
        withData(files, (data) => {
          const copy = structuredClone(data) as unknown as Rows;
          change(copy);
          return copy as unknown as Record<string, unknown>;
        }),
      );
    const ofType = (data: Rows, valueType: string) => data.observations.find((row) => row.valueType === valueType)!;
    const glucose = (data: Rows) => data.observations.find((row) => row.code === '2345-7')!;
    await expectRefused(await edit((data) => { ofType(data, 'blood-pressure').secondValue = null; }), 400, /healthassist\.json: observations\.\d+\.secondValue: is given for every blood-pressure reading/);
    await expectRefused(await edit((data) => { glucose(data).comparator = '~'; }), 400, /healthassist\.json: observations\.\d+\.comparator/);
    await expectRefused(await edit((data) => { ofType(data, 'blood-pressure').comparator = '<'; }), 400, /observations\.\d+\.comparator: is not given for a blood-pressure reading/);
    await expectRefused(await edit((data) => { glucose(data).unit = null; }), 400, /observations\.\d+\.unit: is given for every quantity reading/);
    await expectRefused(await edit((data) => { ofType(data, 'text').value = 3; }), 400, /observations\.\d+\.value: is not given for a text reading/);
    await expectRefused(await edit((data) => { ofType(data, 'text').valueText = null; }), 400, /observations\.\d+\.valueText: is given for every text reading/);
    await expectRefused(await edit((data) => { glucose(data).referenceHigh = 3; }), 400, /observations\.\d+\.referenceHigh: must not be below referenceLow/);
    await expectRefused(await edit((data) => { glucose(data).kind = 'lab'; }), 400, /observations\.\d+\.kind/);
    await expectRefused(await edit((data) => { glucose(data).valueType = 'number'; }), 400, /observations\.\d+\.valueType/);
    await expectRefused(await edit((data) => { glucose(data).source = 'guess'; }), 400, /observations\.\d+\.source/);
    await expectRefused(await edit((data) => { glucose(data).code = ' '; }), 400, /observations\.\d+\.code: must not be blank/);
    await expectRefused(await edit((data) => { glucose(data).value = 'high'; }), 400, /observations\.\d+\.value/);
    await expectRefused(await edit((data) => { glucose(data).identifiers = [{ system: 'urn:x' }]; }), 400, /observations\.\d+\.identifiers\.0\.value/);
    await expectRefused(await edit((data) => { glucose(data).medicalRecordId = 9999; }), 400, /damaged or was changed: reading \d+ names medical record 9999, which the backup does not hold/);
    await expectRefused(await edit((data) => { data.observations.push({ ...data.observations[0]! }); }), 400, /it holds reading \d+ twice/);
    await expectRefused(await edit((data) => { data.patient.unitSystem = 'imperial'; }), 400, /healthassist\.json: patient\.unitSystem/);
  });

  it('too large to send, or unpacking past the limit, or a bomb', async () => {
    await expectRefused(Buffer.alloc(MAX_ARCHIVE_BYTES + 1), 413, /larger than 8 MiB, more than this server accepts/);
    const zeros = (size: number) => new Map([...files, ['healthassist.json', Buffer.alloc(size)]]);
    // 9 MiB of zeros packs into a few kilobytes: refused from the ZIP's directory, before anything is unpacked.
    await expectRefused(await zip(zeros(9 * 2 ** 20)), 413, /unpacks to more than 8 MiB/);
    await expectRefused(await zip(zeros(4 * 2 ** 20)), 400, /unpacks to \d+ times its size: this is not a backup HealthAssist made/);
  });

  it('sent to an install that holds a record, unless asked to replace it', async () => {
    await seedIfEmpty(target.db, NOW);
    await createProvider(target.db, 1, { name: 'Dr. Kept Until Replaced' });
    await createCondition(target.db, 1, { name: 'Kept until replaced' });
    await createAllergy(target.db, 1, { substance: 'Kept until replaced' });
    await createImmunization(target.db, 1, { vaccine: 'Kept until replaced' });
    const replacedReport = await createMedicalRecord(target.db, 1, { filename: 'Replaced report.pdf' });
    await createObservation(target.db, 1, { id: 500, note: 'Kept until replaced', medicalRecordId: replacedReport.id });
    await expectRefused(archive, 409, new RegExp(PATIENT_EXISTS.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    const replacedIds = (await target.db.select({ id: notifications.id }).from(notifications)).map((row) => row.id);
    expect(replacedIds).toHaveLength(3);
    const replaced = await importInto(archive, { replace: true });
    expect(replaced.statusCode, replaced.body).toBe(201);
    // The notifications of the record replaced went with it: they named its rows. The restored record's due now are
    // for the app only.
    const after = await target.db.select().from(notifications);
    expect(after.filter((row) => !row.dispatched)).toEqual([]);
    expect(after.filter((row) => replacedIds.includes(row.id))).toEqual([]);
    const names = ((await targetApp.inject({ method: 'GET', url: '/api/providers/1' })).json() as { name: string }[]).map((provider) => provider.name);
    expect(names).not.toContain('Dr. Kept Until Replaced');
    // The health lists and the readings are the archive's, and only the archive's.
    expect(await healthListRows(target.db)).toEqual(await healthListRows(source.db));
    expect(await observationRows(target.db)).toEqual(await observationRows(source.db));
    for (const url of await everyGet()) expect(await answer(targetApp, url), url).toEqual(await answer(source.app, url));
  });

  it('not a ZIP by its type, or no body', async () => {
    await expectRefused('{"format":"healthassist"}', 415, /./, { contentType: 'application/json' });
    const before = await dataFingerprint(target.db);
    const empty = await targetApp.inject({ method: 'POST', url: '/api/import' });
    expect(empty.statusCode).toBe(400);
    expect(await dataFingerprint(target.db)).toBe(before);
  });
});
