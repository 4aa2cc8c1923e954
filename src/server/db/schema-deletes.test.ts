import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createAccessEvent,
  createAccessToken,
  createAccount,
  createActivity,
  createAppointment,
  createBenefit,
  createCareItem,
  createChatMessage,
  createConfirmationCall,
  createDose,
  createInsurancePlan,
  createMedicalRecord,
  createMedication,
  createPasskey,
  createPasskeyChallenge,
  createProvider,
  createCondition,
  createAllergy,
  createImmunization,
  createObservation,
  createRecoveryCode,
  createSession,
  createUser,
} from '../../testing/factories';
import { createDelivery, createNotification } from '../../testing/notification-fixtures';
import { snapshotData } from '../../testing/test-app';
import {
  accounts,
  appointments,
  insuranceBenefits,
  insurancePlans,
  medicalRecords,
  medicationDoses,
  medications,
  notificationSettings,
  preventativeCare,
  providers,
  reminderPlans,
  users,
} from './schema/index';
import { wipeRecord } from './reset';
import { db, userId, useSchemaTestDatabase } from '../../testing/schema-fixtures';

// What deleting a row takes with it (the foreign keys' ON DELETE), the same on PGlite and PostgreSQL.

/** The account's tables (ADR 21): no patient row's delete reaches them. */
const WAY_IN_TABLES = ['accounts', 'sessions', 'recovery_codes', 'access_events', 'access_tokens', 'passkeys', 'passkey_challenges'];

useSchemaTestDatabase();

describe('what a delete takes with it', () => {
  it("deletes a user's every row, and nobody else's; the ways in and the access log are the account's and stay", async () => {
    const other = await createUser(db);
    for (const owner of [userId, other.id]) {
      await createAccount(db, owner);
      const provider = await createProvider(db, owner);
      await createAppointment(db, owner, provider.id);
      const plan = await createInsurancePlan(db, owner);
      await createBenefit(db, plan.id);
      await createMedicalRecord(db, owner, { insuranceId: plan.id });
      await createCareItem(db, owner);
      await createActivity(db, owner);
      await createChatMessage(db, owner);
      await createConfirmationCall(db, owner);
      await createSession(db, owner);
      await createRecoveryCode(db, owner);
      await createAccessEvent(db, owner);
      await createAccessToken(db, owner);
      await createPasskey(db, owner);
      await createPasskeyChallenge(db, owner);
      await createDose(db, await createMedication(db, owner, { providerId: provider.id }));
      await createCondition(db, owner);
      await createAllergy(db, owner);
      await createImmunization(db, owner);
      await createObservation(db, owner);
      // Notifications (issue 33): one with a delivery, the settings, the reminder plan.
      await createDelivery(db, (await createNotification(db, owner)).id, 'email', 'sent');
      await db.insert(notificationSettings).values({ userId: owner });
      await db.insert(reminderPlans).values({ userId: owner, plannedAt: new Date() });
    }
    await db.delete(users).where(eq(users.id, userId));
    const left = await snapshotData(db);
    const { installation, sign_in_attempts: signInAttempts, setup_codes: setupCodes, ...ofUsers } = left;
    // The installation's one row, the sign-in attempts (counted by address) and the setup code belong to no user;
    // none was written here.
    expect([installation, signInAttempts, setupCodes, left.sign_in_devices]).toEqual([[], [], [], []]);
    for (const [table, rows] of Object.entries(ofUsers)) {
      if (table === 'sign_in_devices') continue;
      expect(rows.length, table).toBe(WAY_IN_TABLES.includes(table) ? 2 : 1);
    }
  });

  it('npm run db:reset empties the record and keeps every way in (wipeRecord, ADR 21)', async () => {
    await createAccount(db, userId);
    await createSession(db, userId);
    await createRecoveryCode(db, userId);
    await createAccessEvent(db, userId);
    await createAccessToken(db, userId);
    await createPasskey(db, userId);
    await createMedicalRecord(db, userId);
    const before = await snapshotData(db);
    await wipeRecord(db);
    const after = await snapshotData(db);
    for (const table of WAY_IN_TABLES) expect(after[table], table).toEqual(before[table]);
    expect([after.users, after.medical_records, after.medical_record_chunks]).toEqual([[], [], []]);
  });

  it('keeps the access log: an account with entries cannot be deleted under it (append-only, ADR 21)', async () => {
    await createAccount(db, userId);
    await createAccessEvent(db, userId);
    await expect(db.delete(accounts).where(eq(accounts.id, userId))).rejects.toThrow();
    expect((await snapshotData(db)).access_events).toHaveLength(1);
  });

  it("deletes a record's bytes with it", async () => {
    const record = await createMedicalRecord(db, userId);
    await db.delete(medicalRecords).where(eq(medicalRecords.id, record.id));
    expect((await snapshotData(db)).medical_record_chunks).toEqual([]);
  });

  it('keeps an appointment when its care item goes, unlinked from it', async () => {
    const item = await createCareItem(db, userId);
    const appointment = await createAppointment(db, userId, (await createProvider(db, userId)).id, { careItemId: item.id });
    await db.delete(preventativeCare).where(eq(preventativeCare.id, item.id));
    const [kept] = await db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(kept?.careItemId).toBeNull();
  });

  it("deletes a plan's benefits, and keeps its documents as plain records", async () => {
    const plan = await createInsurancePlan(db, userId);
    await createBenefit(db, plan.id);
    const record = await createMedicalRecord(db, userId, { insuranceId: plan.id });
    await db.delete(insurancePlans).where(eq(insurancePlans.id, plan.id));
    expect(await db.select().from(insuranceBenefits)).toEqual([]);
    const [kept] = await db.select().from(medicalRecords).where(eq(medicalRecords.id, record.id));
    expect(kept?.insuranceId).toBeNull();
  });

  it("deletes a medication's dose log with it, and nobody else's", async () => {
    const medication = await createMedication(db, userId);
    const other = await createMedication(db, userId, { name: 'Metformin' });
    await createDose(db, medication);
    const kept = await createDose(db, other);
    await db.delete(medications).where(eq(medications.id, medication.id));
    expect(await db.select().from(medicationDoses)).toEqual([kept]);
  });

  it('keeps a medication when the provider who prescribed it goes, unlinked from them', async () => {
    const provider = await createProvider(db, userId);
    const medication = await createMedication(db, userId, { providerId: provider.id, prescriber: 'Dr. Ada Park' });
    await db.delete(providers).where(eq(providers.id, provider.id));
    const [kept] = await db.select().from(medications).where(eq(medications.id, medication.id));
    expect(kept).toEqual({ ...medication, providerId: null });
  });
});
