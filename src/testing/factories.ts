import { describeActivity } from '../shared/rules/activities';
import type { Database } from '../server/db/client';
import { storeDocumentBytes } from '../server/db/document-bytes';
import { saveProfileLines, type ProfileLines } from '../server/services/profile-lines';
import { samplePdf } from '../server/db/sample-documents';
import { randomBytes } from 'node:crypto';
import { hashSecret } from '../server/auth/secrets';
import { sql } from 'drizzle-orm';
import {
  accessEvents,
  accessTokens,
  accounts,
  activities,
  allergies,
  appointments,
  conditions,
  immunizations,
  chatMessages,
  chatRequests,
  confirmationCalls,
  chatSessions,
  insuranceBenefits,
  insurancePlans,
  medicalRecords,
  medicationDoses,
  medications,
  observations,
  passkeyChallenges,
  passkeys,
  preventativeCare,
  providers,
  recoveryCodes,
  sessions,
  users,
} from '../server/db/schema/index';

// Typed builders: each takes the fields a test cares about and fills the rest with valid values.

/** A patient; `existingConditions` and `allergies` are the profile's boxes, a line an item of its list (issue 34). */
export async function createUser(db: Database, { existingConditions, allergies, ...overrides }: Partial<typeof users.$inferInsert & ProfileLines> = {}) {
  const [user] = await db
    .insert(users)
    .values({
      username: `patient${Math.random().toString(36).slice(2, 8)}`,
      displayName: 'Jamie Rivera',
      email: `jamie.${Math.random().toString(36).slice(2, 8)}@example.com`,
      ...overrides,
    })
    .returning();
  await saveProfileLines(db, user!, { existingConditions, allergies });
  return user!;
}

/**
 * The install's account for a patient id (ADR 21), as migration 0014 made one for every patient row and a first way
 * in makes one: sessions, codes, passkeys and tokens hang off it.
 */
export async function createAccount(db: Database, id: number, overrides: Partial<typeof accounts.$inferInsert> = {}) {
  const [account] = await db.insert(accounts).values({ id, ...overrides }).returning();
  await db.execute(sql`select setval(pg_get_serial_sequence('accounts', 'id'), (select max(id) from accounts))`);
  return account!;
}

export async function createProvider(db: Database, userId: number, overrides: Partial<typeof providers.$inferInsert> = {}) {
  const [provider] = await db
    .insert(providers)
    .values({ userId, name: 'Dr. Ada Park', specialty: 'Primary Care', phone: '(555) 010-0100', ...overrides })
    .returning();
  return provider!;
}

/** An active condition the patient typed (no code) unless overridden. */
export async function createCondition(db: Database, userId: number, overrides: Partial<typeof conditions.$inferInsert> = {}) {
  const [condition] = await db.insert(conditions).values({ userId, name: 'Migraine', ...overrides }).returning();
  return condition!;
}

/** An active allergy the patient typed (no code) unless overridden. */
export async function createAllergy(db: Database, userId: number, overrides: Partial<typeof allergies.$inferInsert> = {}) {
  const [allergy] = await db.insert(allergies).values({ userId, substance: 'Peanuts', ...overrides }).returning();
  return allergy!;
}

/** A reading (issue 35): a blood pressure of 128/82 taken by the patient yesterday, unless told otherwise. */
export async function createObservation(db: Database, userId: number, overrides: Partial<typeof observations.$inferInsert> = {}) {
  const [observation] = await db
    .insert(observations)
    .values({
      userId,
      kind: 'vital-sign',
      code: '85354-9',
      takenAt: new Date(Date.now() - 24 * 60 * 60 * 1000),
      valueType: 'blood-pressure',
      value: 128,
      secondValue: 82,
      unit: 'mm[Hg]',
      chartValue: 128,
      secondChartValue: 82,
      ...overrides,
    })
    .returning();
  return observation!;
}

/** A flu vaccine given on 2026-10-01 unless overridden. */
export async function createImmunization(db: Database, userId: number, overrides: Partial<typeof immunizations.$inferInsert> = {}) {
  const [immunization] = await db.insert(immunizations).values({ userId, vaccine: 'Flu vaccine', date: '2026-10-01', ...overrides }).returning();
  return immunization!;
}

/** An active medication taken daily at 08:00 unless overridden. */
export async function createMedication(db: Database, userId: number, overrides: Partial<typeof medications.$inferInsert> = {}) {
  const [medication] = await db
    .insert(medications)
    .values({ userId, name: 'Lisinopril', strength: '10 mg', form: 'tablet', dose: '1 tablet', schedule: { kind: 'daily', times: ['08:00'] }, ...overrides })
    .returning();
  return medication!;
}

/** A dose of the medication's patient, taken at its scheduled time on 2026-03-02 unless overridden. */
export async function createDose(
  db: Database,
  medication: { id: number; userId: number },
  overrides: Partial<typeof medicationDoses.$inferInsert> = {},
) {
  const [dose] = await db
    .insert(medicationDoses)
    .values({
      userId: medication.userId,
      medicationId: medication.id,
      scheduledDate: '2026-03-02',
      scheduledTime: '08:00',
      status: 'taken',
      takenAt: new Date('2026-03-02T08:05:00Z'),
      ...overrides,
    })
    .returning();
  return dose!;
}

/**
 * A care item's, plan's or appointment's row as the API answers it: the codes and identifiers another record sent
 * (issue 34) stay on the server, for the FHIR export and the next import, so the rows these factories give leave them out.
 */
function withoutSources<Row extends { codes: unknown }>({ codes: _codes, identifiers: _identifiers, ...row }: Row & { identifiers?: unknown }) {
  return row;
}

export async function createInsurancePlan(
  db: Database,
  userId: number,
  overrides: Partial<typeof insurancePlans.$inferInsert> = {},
) {
  const [plan] = await db
    .insert(insurancePlans)
    .values({
      userId,
      provider: 'Acme Health',
      memberId: 'M-1001',
      effectiveDate: '2026-01-01',
      deductible: 1000,
      deductibleMet: 200,
      outOfPocketMax: 4000,
      outOfPocketMet: 500,
      ...overrides,
    })
    .returning();
  return withoutSources(plan!);
}

export async function createBenefit(db: Database, insuranceId: number, serviceName = 'Primary care visit') {
  const [benefit] = await db
    .insert(insuranceBenefits)
    .values({ insuranceId, serviceName, inNetworkCoverage: '$20 copay', outOfNetworkCoverage: '50%' })
    .returning();
  return benefit!;
}

export async function createCareItem(
  db: Database,
  userId: number,
  overrides: Partial<typeof preventativeCare.$inferInsert> = {},
) {
  const [item] = await db
    .insert(preventativeCare)
    .values({ userId, careName: 'Blood Pressure Check', dueDate: '2030-03-01', status: 'upcoming', ...overrides })
    .returning();
  return withoutSources(item!);
}

export async function createAppointment(
  db: Database,
  userId: number,
  providerId: number,
  overrides: Partial<typeof appointments.$inferInsert> = {},
) {
  const [appointment] = await db
    .insert(appointments)
    .values({
      userId,
      providerId,
      appointmentType: 'Annual Physical',
      appointmentDate: '2030-05-01',
      appointmentTime: '10:00',
      status: 'scheduled',
      ...overrides,
    })
    .returning();
  return withoutSources(appointment!);
}

export async function createMedicalRecord(
  db: Database,
  userId: number,
  overrides: Partial<typeof medicalRecords.$inferInsert> & { bytes?: Buffer } = {},
) {
  const { bytes = samplePdf('Test', ['A test document']), ...fields } = overrides;
  const [record] = await db
    .insert(medicalRecords)
    .values({ userId, filename: 'report.pdf', fileType: 'application/pdf', fileSize: bytes.length, ...fields })
    .returning();
  await storeDocumentBytes(db, record!.id, bytes);
  return record!;
}

export async function createActivity(db: Database, userId: number, overrides: Partial<typeof activities.$inferInsert> = {}) {
  const [activity] = await db
    .insert(activities)
    .values({ userId, ...describeActivity('care_added', { careName: 'Something' }), ...overrides })
    .returning();
  return activity!;
}

/** 'data:{type};base64,…' as the browser's FileReader makes it. */
export function dataUrl(bytes: Buffer, type: string): string {
  return `data:${type};base64,${bytes.toString('base64')}`;
}

/** A conversation of one chat with one message in it, and the request that sent it (what the limit counts). */
export async function createChatMessage(
  db: Database,
  userId: number,
  overrides: Partial<typeof chatMessages.$inferInsert> = {},
  session: Partial<typeof chatSessions.$inferInsert> = {},
) {
  const [created] = await db
    .insert(chatSessions)
    .values({ userId, channel: 'assistant', sessionKey: `session-${Math.random().toString(36).slice(2)}`, ...session })
    .returning();
  const [message] = await db
    .insert(chatMessages)
    .values({ sessionId: created!.id, userId, role: 'user', content: 'When is my next appointment?', ...overrides })
    .returning();
  await db.insert(chatRequests).values({ userId });
  return message!;
}

/** A confirmation call handed to the call service for the patient's booking (what the hourly limit counts). */
export async function createConfirmationCall(db: Database, userId: number, overrides: Partial<typeof confirmationCalls.$inferInsert> = {}) {
  const [call] = await db.insert(confirmationCalls).values({ userId, ...overrides }).returning();
  return call!;
}

/** A signed-in session of the account (ADR 17), open for a week; `id` is what its cookie would hold. */
export async function createSession(db: Database, userId: number, overrides: Partial<typeof sessions.$inferInsert> = {}) {
  const id = randomBytes(32).toString('base64url');
  const [session] = await db
    .insert(sessions)
    .values({ idHash: hashSecret(id), userId, patientId: userId, expiresAt: new Date(Date.now() + 7 * 24 * 3_600_000), ...overrides })
    .returning();
  return { ...session!, id };
}

/** One unused recovery code of the account, stored as its hash like every code. */
export async function createRecoveryCode(db: Database, userId: number) {
  const [code] = await db.insert(recoveryCodes).values({ userId, codeHash: hashSecret(randomBytes(10).toString('hex')) }).returning();
  return code!;
}

/** An entry of the account's access log. */
export async function createAccessEvent(db: Database, userId: number, overrides: Partial<typeof accessEvents.$inferInsert> = {}) {
  const [event] = await db.insert(accessEvents).values({ userId, kind: 'signed_in', ...overrides }).returning();
  return event!;
}

/** A personal access token of the account (read-only unless told), stored as its hash like every token. */
export async function createAccessToken(db: Database, userId: number, overrides: Partial<typeof accessTokens.$inferInsert> = {}) {
  const [token] = await db
    .insert(accessTokens)
    .values({ userId, name: 'A script', scope: 'read', tokenHash: hashSecret(randomBytes(32).toString('base64url')), ...overrides })
    .returning();
  return token!;
}

/** A passkey of the account: a made-up credential id and key (no ceremony; auth/passkeys.ts tests make real ones). */
export async function createPasskey(db: Database, userId: number, overrides: Partial<typeof passkeys.$inferInsert> = {}) {
  const [passkey] = await db
    .insert(passkeys)
    .values({ userId, credentialId: randomBytes(16).toString('base64url'), publicKey: randomBytes(77).toString('base64url'), name: 'Laptop', ...overrides })
    .returning();
  return passkey!;
}

/** A pending passkey registration of the account, as its options left it. */
export async function createPasskeyChallenge(db: Database, userId: number, overrides: Partial<typeof passkeyChallenges.$inferInsert> = {}) {
  const [challenge] = await db
    .insert(passkeyChallenges)
    .values({ challenge: randomBytes(32).toString('base64url'), purpose: 'register', userId, expiresAt: new Date(Date.now() + 5 * 60_000), ...overrides })
    .returning();
  return challenge!;
}
