import { createHash } from 'node:crypto';
import { eq, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { storeDocumentChunks, toChunks } from '../db/document-bytes';
import { syncUserIdSequence } from '../db/patient-account';
import { MAX_DOCUMENT_BYTES } from '../../shared/rules/documents';
import { notifications, notificationSettings, users } from '../db/schema/index';
import { badRequest, conflict, describeZodError } from '../core/errors';
import type { Patient } from '../core/patient';
import { sha256 as sha256Of } from './export';
import { ARCHIVE_FILES, ARCHIVE_TABLES, ARCHIVE_VERSION, type ArchiveData, ArchiveManifest, type ArchiveTable, READABLE_VERSIONS, readArchiveData } from './format';
import { ARCHIVE_SOURCES } from './patient-rows';
import { checkReferences } from './references';
import { damaged, type OpenedArchive, openArchive, readWhole, type UnpackLimits } from './zip-reader';
import { getsReminders, planReminders } from '../services/notifications/planner';

export interface RestoreOptions {
  /** Replace the patient's record when there is one; without it, an install with a patient answers 409. */
  replace: boolean;
  /** The most the archive may unpack to (ARCHIVE_MAX_MB). */
  maxUnpackedBytes: number;
}

/** How many rows of each table came back, and how many documents. */
export type RestoreCounts = Record<ArchiveTable | 'documents', number>;

export const PATIENT_EXISTS =
  'This HealthAssist already holds a record. Restoring a backup replaces all of it: ask again with replace=true to do that';

const MANIFEST_MAX_BYTES = 32 * 1024 * 1024;
const DATA_MAX_BYTES = 512 * 1024 * 1024;
/** Rows per insert: a chat message may be 100,000 characters, and PGlite's memory grows to its largest statement. */
const ROWS_PER_INSERT = 100;

function limitsFor(maxUnpackedBytes: number): UnpackLimits {
  return {
    totalBytes: maxUnpackedBytes,
    files: 1_000_000,
    fileBytes: (path) =>
      path === ARCHIVE_FILES.manifest ? MANIFEST_MAX_BYTES : path === ARCHIVE_FILES.data ? DATA_MAX_BYTES : MAX_DOCUMENT_BYTES,
  };
}

/**
 * Restores an archive that `exportArchive` wrote (ADR 18) as the patient's whole record, in one transaction: the
 * manifest, the data and every document are checked (format, version, sizes, SHA-256, references) and a failure
 * anywhere writes nothing. Rows keep their ids, so the restored install answers as the one the archive came from.
 */
export async function restoreArchive(db: Database, patient: Patient, archivePath: string, options: RestoreOptions): Promise<RestoreCounts> {
  const archive = await openArchive(archivePath, limitsFor(options.maxUnpackedBytes));
  try {
    const manifest = await readManifest(archive);
    const expected = new Map(manifest.files.map((file) => [file.path, file]));
    for (const [path, entry] of archive.files) {
      if (path === ARCHIVE_FILES.manifest) continue;
      const listed = expected.get(path);
      if (!listed) throw damaged(`${path} is not in its manifest`);
      if (listed.size !== entry.uncompressedSize) throw damaged(`${path} is not the size its manifest gives`);
    }
    for (const path of expected.keys()) if (!archive.files.has(path)) throw damaged(`${path}, listed in its manifest, is missing`);
    const data = await readData(archive, expected.get(ARCHIVE_FILES.data)?.sha256, manifest.version);
    checkReferences(data);
    for (const record of data.medicalRecords) {
      const file = expected.get(record.document);
      if (!file) throw damaged(`the document of record ${record.id} (${record.document}) is missing`);
      if (file.size !== record.fileSize) throw damaged(`${record.document} is not the size its record gives`);
    }
    return await db.transaction(async (tx) => {
      await makeRoom(tx, patient, options.replace);
      await writePatient(tx, patient, data.patient);
      await writeNotificationSettings(tx, patient, data.notificationSettings);
      const counts = { documents: 0 } as RestoreCounts;
      for (const name of ARCHIVE_TABLES) {
        counts[name] = await insertRows(tx, name, patient, data[name]);
      }
      for (const record of data.medicalRecords) {
        const bytes = await readDocument(archive, record.document, expected.get(record.document)!.sha256);
        await storeDocumentChunks(db, tx, record.id, toChunks(bytes));
        counts.documents += 1;
      }
      for (const name of ARCHIVE_TABLES) await moveIdSequencePast(tx, ARCHIVE_SOURCES[name].table);
      // The reminders due now, in the app at once and never sent again: the record they come from is the one that
      // sent them before (the patient's own backup). Without this the next minute would find them unwritten (the
      // notifications went with the record replaced) and e-mail, text or post them a second time.
      // A restored record is never the demo (ADR 21); a patient who has died gets none.
      if (getsReminders({ isDemo: false, deceased: data.patient.deceased })) await planReminders(tx, patient, { since: null, now: new Date(), inAppOnly: true });
      return counts;
    });
  } finally {
    archive.close();
  }
}

async function readManifest(archive: OpenedArchive): Promise<ArchiveManifest> {
  const entry = archive.files.get(ARCHIVE_FILES.manifest);
  if (!entry) throw badRequest('This is not a HealthAssist backup: it has no manifest.json');
  const json = parseJson(await readWhole(archive, entry), ARCHIVE_FILES.manifest);
  checkVersion(json);
  const manifest = ArchiveManifest.safeParse(json);
  if (!manifest.success) throw damaged(`manifest.json: ${describeZodError(manifest.error)}`);
  return manifest.data;
}

/** healthassist.json as this version's data, whichever version (the manifest's) wrote it. */
async function readData(archive: OpenedArchive, sha256: string | undefined, version: number): Promise<ArchiveData> {
  const entry = archive.files.get(ARCHIVE_FILES.data);
  if (!entry || sha256 === undefined) throw badRequest('This is not a HealthAssist backup: it has no healthassist.json');
  const bytes = await readWhole(archive, entry);
  if (sha256Of(bytes) !== sha256) throw damaged('healthassist.json is not the file its manifest describes (its SHA-256 differs)');
  const json = parseJson(bytes, ARCHIVE_FILES.data);
  checkVersion(json);
  if ((json as { version: number }).version !== version) throw damaged(`healthassist.json is of another format version than its manifest (${version})`);
  const data = readArchiveData(json);
  if (!data.success) throw damaged(`healthassist.json: ${describeZodError(data.error)}`);
  return data.data;
}

function parseJson(bytes: Buffer, path: string): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw damaged(`${path} is not JSON`);
  }
}

/** A later HealthAssist's archive says so before anything else is read from it; every earlier version is read. */
function checkVersion(json: unknown): void {
  const version = typeof json === 'object' && json !== null ? (json as { version?: unknown }).version : undefined;
  if ((READABLE_VERSIONS as readonly unknown[]).includes(version)) return;
  throw badRequest(
    typeof version === 'number' && Number.isInteger(version) && version > ARCHIVE_VERSION
      ? `This backup was made by a newer HealthAssist (format version ${version}); this one reads versions up to ${ARCHIVE_VERSION}. Update HealthAssist, then restore it`
      : `This backup's format version (${JSON.stringify(version ?? null)}) is not one HealthAssist knows; it reads versions 1 to ${ARCHIVE_VERSION}`,
  );
}

async function readDocument(archive: OpenedArchive, path: string, sha256: string): Promise<Buffer> {
  const pieces: Buffer[] = [];
  const hash = createHash('sha256');
  for await (const piece of archive.read(archive.files.get(path)!)) {
    hash.update(piece);
    pieces.push(piece);
  }
  if (hash.digest('hex') !== sha256) throw damaged(`${path} is not the file its manifest describes (its SHA-256 differs)`);
  return Buffer.concat(pieces);
}

/**
 * An install without a record takes the archive as it is: no patient yet (a first run, or after leaving the demo), or
 * a patient row with nothing in it. Otherwise only `replace` clears the patient's rows first; the account, its ways
 * in, its sessions and its access log are not the record and stay (ADR 21).
 */
async function makeRoom(tx: Database, patient: Patient, replace: boolean): Promise<void> {
  const [user] = await tx.select({ onboardedAt: users.onboardedAt, isDemo: users.isDemo }).from(users).where(eq(users.id, patient.id));
  let holdsRows = false;
  // One query after another: a transaction is one connection.
  for (const name of ARCHIVE_TABLES) {
    const { table, owner } = ARCHIVE_SOURCES[name];
    if (owner === null || holdsRows) continue;
    const [row] = await tx.select({ one: sql`1` }).from(table as PgTable).where(eq(owner, patient.id)).limit(1);
    holdsRows = row !== undefined;
  }
  const hasRecord = user !== undefined && (user.onboardedAt !== null || user.isDemo || holdsRows);
  if (!hasRecord) return;
  if (!replace) throw conflict(PATIENT_EXISTS);
  // A row before those it names (the reverse of the order of writing): a provider with appointments cannot be deleted
  // (ON DELETE RESTRICT), and its medications, deleted first, are not unlinked one by one (ON DELETE SET NULL).
  for (const name of [...ARCHIVE_TABLES].reverse()) {
    const { table, owner } = ARCHIVE_SOURCES[name];
    if (owner !== null) await tx.delete(table as PgTable).where(eq(owner, patient.id));
  }
  // The notifications were derived from the record replaced: they name its rows ('appointment:12'), not the archive's.
  await tx.delete(notifications).where(eq(notifications.userId, patient.id));
}

/**
 * The archive's profile on the patient's row, created when there is none. A restored record is the patient's own,
 * never the demo, whatever an older archive says (ADR 21): 'Start with my own data' must never remove it.
 */
async function writePatient(tx: Database, patient: Patient, archived: ArchiveData['patient']): Promise<void> {
  const { isDemo: _ignored, ...fields } = archived;
  const profile = { ...fields, isDemo: false };
  const [changed] = await tx.update(users).set(profile).where(eq(users.id, patient.id)).returning({ id: users.id });
  if (changed) return;
  await tx.insert(users).values({ ...profile, id: patient.id });
  await syncUserIdSequence(tx);
}

/**
 * The archive's Settings → Notifications in place of the patient's (a patient not onboarded yet may have saved some);
 * none in the archive: every default.
 */
async function writeNotificationSettings(tx: Database, patient: Patient, archived: ArchiveData['notificationSettings']): Promise<void> {
  if (!archived) {
    await tx.delete(notificationSettings).where(eq(notificationSettings.userId, patient.id));
    return;
  }
  await tx
    .insert(notificationSettings)
    .values({ ...archived, userId: patient.id })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: archived });
}

async function insertRows(tx: Database, name: ArchiveTable, patient: Patient, rows: readonly ArchiveData[ArchiveTable][number][]) {
  const { table, owner } = ARCHIVE_SOURCES[name];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const values = rows.slice(start, start + ROWS_PER_INSERT).map((row) => {
      const { document: _document, ...columns } = row as typeof row & { document?: string };
      return owner === null ? columns : { ...columns, userId: patient.id };
    });
    await tx.insert(table as PgTable).values(values as never);
  }
  return rows.length;
}

/** After rows inserted with their own ids, the next row made without one gets the id after the highest. */
async function moveIdSequencePast(tx: Database, table: PgTable): Promise<void> {
  const name = getTableName(table);
  await tx.execute(sql`select setval(pg_get_serial_sequence(${name}, 'id'), coalesce(max(id), 0) + 1, false) from ${sql.identifier(name)}`);
}


