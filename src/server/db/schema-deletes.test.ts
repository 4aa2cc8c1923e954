import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createAccessEvent,
  createAccessToken,
  createActivity,
  createAppointment,
  createBenefit,
  createCareItem,
  createChatMessage,
  createConfirmationCall,
  createInsurancePlan,
  createMedicalRecord,
  createPasskey,
  createPasskeyChallenge,
  createProvider,
  createRecoveryCode,
  createSession,
  createUser,
} from '../../testing/factories';
import { snapshotData } from '../../testing/test-app';
import { appointments, insuranceBenefits, insurancePlans, medicalRecords, preventativeCare, users } from './schema/index';
import { db, userId, useSchemaTestDatabase } from './schema-test-database';

// What deleting a row takes with it (the foreign keys' ON DELETE), the same on PGlite and PostgreSQL.

useSchemaTestDatabase();

describe('what a delete takes with it', () => {
  it("deletes a user's every row, and nobody else's", async () => {
    const other = await createUser(db);
    for (const owner of [userId, other.id]) {
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
    }
    await db.delete(users).where(eq(users.id, userId));
    const left = await snapshotData(db);
    const { installation, sign_in_attempts: signInAttempts, setup_codes: setupCodes, ...ofUsers } = left;
    // The installation's one row, the sign-in attempts (counted by address) and the setup code belong to no user;
    // none was written here.
    expect([installation, signInAttempts, setupCodes]).toEqual([[], [], []]);
    for (const [table, rows] of Object.entries(ofUsers)) {
      expect(rows.length, table).toBe(1);
    }
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
});
