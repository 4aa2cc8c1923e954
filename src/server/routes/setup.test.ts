import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { installation, notificationSettings, reminderPlans, users } from '../db/schema/index';
import { wipeData } from '../db/reset';
import { seedIfEmpty } from '../db/seed';
import {
  createAccessEvent,
  createAccessToken,
  createAccount,
  createActivity,
  createAllergy,
  createAppointment,
  createBenefit,
  createCareItem,
  createChatMessage,
  createConfirmationCall,
  createCondition,
  createDose,
  createImmunization,
  createObservation,
  createMedication,
  createRecoveryCode,
  createSession,
  createInsurancePlan,
  createMedicalRecord,
  createProvider,
  createPasskeyChallenge,
  createUser,
} from '../../testing/factories';
import { createDelivery, createNotification } from '../../testing/notification-fixtures';
import {
  INTERNAL_ERROR,
  api,
  expectRefused,
  removePatient,
  snapshotData,
  useTestApp,
  withFailingWrites,
  type TestContext,
} from '../../testing/test-app';

const t = useTestApp();

const setup = async () => (await api(t.app, 'GET', '/api/setup')).body;
const skip = () => api(t.app, 'POST', '/api/setup/skip-onboarding');
const leaveDemo = () => api(t.app, 'POST', '/api/setup/leave-demo');

/** The seeded demo patient (user 1) as on a fresh install, and another user with a row in every table. */
async function demoWithAnotherUser(t: TestContext): Promise<number> {
  await wipeData(t.db);
  expect(await seedIfEmpty(t.db)).toBe(true);
  const other = await createUser(t.db, { displayName: 'Other Person' });
  const provider = await createProvider(t.db, other.id);
  await createAppointment(t.db, other.id, provider.id);
  const plan = await createInsurancePlan(t.db, other.id);
  await createBenefit(t.db, plan.id);
  await createMedicalRecord(t.db, other.id, { insuranceId: plan.id });
  await createCareItem(t.db, other.id);
  await createActivity(t.db, other.id);
  await createDose(t.db, await createMedication(t.db, other.id, { providerId: provider.id }));
  // The health lists (issue 34): the demo has its own seeded.
  await createCondition(t.db, other.id);
  await createAllergy(t.db, other.id);
  await createImmunization(t.db, other.id);
  // Vitals and lab results (issue 35): the demo has its own seeded.
  await createObservation(t.db, other.id);
  // The demo seeds no conversation; the patient may have chatted since.
  for (const userId of [1, other.id]) await createChatMessage(t.db, userId);
  for (const userId of [1, other.id]) await createConfirmationCall(t.db, userId);
  // Notifications (issue 33): the demo's three are seeded; each has a delivery, settings and a reminder plan.
  for (const userId of [1, other.id]) {
    await createDelivery(t.db, (await createNotification(t.db, userId)).id, 'email', 'sent');
    await t.db.insert(notificationSettings).values({ userId });
    await t.db.insert(reminderPlans).values({ userId, plannedAt: new Date() });
  }
  // Sign-in (ADR 17): each patient's account, with a session, a recovery code, a token and the access log.
  for (const userId of [1, other.id]) {
    await createAccount(t.db, userId);
    await createSession(t.db, userId);
    await createRecoveryCode(t.db, userId);
    await createAccessToken(t.db, userId);
    await createAccessEvent(t.db, userId);
    // A passkey would make sign-in required for these requests: passkeys are left with the demo in the test below.
    await createPasskeyChallenge(t.db, userId);
  }
  return other.id;
}

type Row = Record<string, unknown>;

/** The install's ways in and its access log (ADR 21): not the patient's record, so leaving the demo keeps them. */
const WAY_IN_TABLES = [
  'accounts',
  'sessions',
  'recovery_codes',
  'access_events',
  'access_tokens',
  'passkeys',
  'passkey_challenges',
  'sign_in_devices',
  'sign_in_attempts',
  'setup_codes',
];

/**
 * A snapshot without the record of `userId`: their own rows (user_id), their user row, and the rows that hang off their
 * plans and records; the ways in stay. A table added later whose rows name no user must be added here.
 */
function withoutRowsOf(snapshot: Record<string, unknown[]>, userId: number): Record<string, unknown[]> {
  const rows = (table: string) => snapshot[table] as Row[];
  const idsOf = (table: string) => new Set(rows(table).filter((row) => row.user_id === userId).map((row) => row.id));
  const plans = idsOf('insurance_plans');
  const records = idsOf('medical_records');
  const notifications = idsOf('notifications');
  const belongs: Record<string, (row: Row) => boolean> = {
    users: (row) => row.id === userId,
    insurance_benefits: (row) => plans.has(row.insurance_id),
    medical_record_chunks: (row) => records.has(row.record_id),
    notification_deliveries: (row) => notifications.has(row.notification_id),
    installation: () => false,
    ...Object.fromEntries(WAY_IN_TABLES.map((table) => [table, () => false])),
  };
  return Object.fromEntries(
    Object.keys(snapshot).map((table) => {
      const isTheirs =
        belongs[table] ??
        ((row: Row) => {
          expect(row, `${table}: whose row is it?`).toHaveProperty('user_id');
          return row.user_id === userId;
        });
      return [table, rows(table).filter((row) => !isTheirs(row))];
    }),
  );
}

describe('GET /api/setup', () => {
  it("is 'none' and 'needed' on a first run, 'skipped' once onboarding was skipped", async () => {
    await removePatient(t);
    expect(await setup()).toEqual({ patient: 'none', onboarding: 'needed' });
    await skip();
    expect(await setup()).toEqual({ patient: 'none', onboarding: 'skipped' });
  });

  it("is 'own' and 'needed' for a patient who has not completed onboarding, 'skipped' after a skip", async () => {
    expect(await setup()).toEqual({ patient: 'own', onboarding: 'needed' });
    await skip();
    expect(await setup()).toEqual({ patient: 'own', onboarding: 'skipped' });
  });

  it("is 'own' and 'done' once the patient has completed onboarding, skipped or not", async () => {
    await t.db.update(users).set({ onboardedAt: new Date() }).where(eq(users.id, t.userId));
    expect(await setup()).toEqual({ patient: 'own', onboarding: 'done' });
    await skip();
    expect(await setup()).toEqual({ patient: 'own', onboarding: 'done' });
  });

  it("is 'demo' and 'done' for the demo patient, which counts as onboarded", async () => {
    await t.db.update(users).set({ isDemo: true }).where(eq(users.id, t.userId));
    expect(await setup()).toEqual({ patient: 'demo', onboarding: 'done' });
    await wipeData(t.db);
    await seedIfEmpty(t.db);
    expect(await setup()).toEqual({ patient: 'demo', onboarding: 'done' });
  });

  it('does not count another user', async () => {
    await removePatient(t);
    await t.db.update(users).set({ isDemo: true, onboardedAt: new Date() }).where(eq(users.id, t.otherUserId));
    expect(await setup()).toEqual({ patient: 'none', onboarding: 'needed' });
  });
});

describe('POST /api/setup/skip-onboarding', () => {
  it('answers 204 and remembers the skip on the server, with a patient and without one', async () => {
    await removePatient(t);
    const before = Date.now();
    const response = await skip();
    expect(response.status).toBe(204);
    expect(response.body).toBe('');
    const [row] = await t.db.select().from(installation);
    expect(row!.id).toBe(1);
    expect(row!.onboardingSkippedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await setup()).toEqual({ patient: 'none', onboarding: 'skipped' });
  });

  it('is idempotent: skipping again changes nothing', async () => {
    expect((await skip()).status).toBe(204);
    const before = await snapshotData(t.db);
    expect((await skip()).status).toBe(204);
    expect(await snapshotData(t.db)).toEqual(before);
    expect(await t.db.select().from(installation)).toHaveLength(1);
  });

  it('touches no patient data', async () => {
    const before = await snapshotData(t.db);
    await skip();
    expect({ ...(await snapshotData(t.db)), installation: [] }).toEqual(before);
  });
});

describe('POST /api/setup/leave-demo', () => {
  it("removes every row of the demo patient in every table, keeps another user's, and answers 204", async () => {
    await demoWithAnotherUser(t);
    const before = await snapshotData(t.db);
    const remaining = withoutRowsOf(before, 1);
    // Both have rows in every table of patient data, so that every table is shown emptied of the demo's only.
    for (const [table, rows] of Object.entries(before)) {
      if (['installation', ...WAY_IN_TABLES].includes(table)) continue;
      expect(remaining[table]!.length, `${table} has rows of the other user`).toBeGreaterThan(0);
      expect(remaining[table]!.length, `${table} has demo rows`).toBeLessThan(rows.length);
    }

    const response = await leaveDemo();
    expect(response.status).toBe(204);
    expect(response.body).toBe('');
    expect(await snapshotData(t.db)).toEqual({
      ...remaining,
      installation: [{ id: 1, onboarding_skipped_at: null }],
    });
  });

  it('leaves a first run behind: no patient, onboarding needed, every list empty', async () => {
    await demoWithAnotherUser(t);
    await skip();
    expect(await setup()).toEqual({ patient: 'demo', onboarding: 'done' });
    expect((await leaveDemo()).status).toBe(204);
    expect(await setup()).toEqual({ patient: 'none', onboarding: 'needed' });
    expect((await api(t.app, 'GET', '/api/users/1')).status).toBe(404);
    for (const list of ['medical-records', 'insurance', 'preventative-care', 'appointments', 'providers', 'medications', 'activities']) {
      const response = await api(t.app, 'GET', `/api/${list}/1`);
      expect(response.status, list).toBe(200);
      expect(response.body, list).toEqual([]);
    }
  });

  it('clears a skipped onboarding', async () => {
    await demoWithAnotherUser(t);
    await skip();
    expect((await leaveDemo()).status).toBe(204);
    expect(await t.db.select().from(installation)).toEqual([{ id: 1, onboardingSkippedAt: null }]);
  });

  it('keeps the demo from coming back on the next start', async () => {
    await demoWithAnotherUser(t);
    await leaveDemo();
    await t.db.delete(users);
    expect(await seedIfEmpty(t.db)).toBe(false);
    expect(await setup()).toEqual({ patient: 'none', onboarding: 'needed' });
  });

  it('answers 409 for a patient whose data is their own, and changes nothing', async () => {
    await createMedicalRecord(t.db, t.userId);
    await skip();
    await expectRefused(t, 'POST', '/api/setup/leave-demo', undefined, 409, 'Only the demo data can be removed this way');
  });

  it('answers 404 when there is no patient, and changes nothing', async () => {
    await removePatient(t);
    await skip();
    await expectRefused(t, 'POST', '/api/setup/leave-demo', undefined, 404, 'User not found');
  });

  it("does not remove another user's demo data", async () => {
    await t.db.update(users).set({ isDemo: true }).where(eq(users.id, t.otherUserId));
    await expectRefused(t, 'POST', '/api/setup/leave-demo', undefined, 409, 'Only the demo data can be removed this way');
  });

  describe('is whole: when a step fails, everything stays as it was', () => {
    it.each([
      ['removing the user', 'delete', 'users'],
      ['clearing the skip', 'insert', 'installation'],
    ] as const)('%s', async (_case, operation, table) => {
      await demoWithAnotherUser(t);
      await withFailingWrites(t.db, operation, table, async () => {
        await expectRefused(t, 'POST', '/api/setup/leave-demo', undefined, 500, INTERNAL_ERROR);
      });
      expect(await setup()).toEqual({ patient: 'demo', onboarding: 'done' });
    });
  });

  it('lets onboarding create the patient afterwards', async () => {
    await demoWithAnotherUser(t);
    await leaveDemo();
    const response = await api(t.app, 'POST', '/api/onboarding', {
      userId: 1,
      personalInfo: { firstName: 'Sam', lastName: 'Lee', email: 'sam.lee@example.com', dateOfBirth: '1990-07-14' },
      medicalInfo: {},
      insuranceInfo: { hasInsurance: false },
      preferences: {},
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: 1, displayName: 'Sam Lee' });
    expect(await setup()).toEqual({ patient: 'own', onboarding: 'done' });
  });
});

describe('a first run, without a patient', () => {
  it('answers every list with an empty one, so each screen shows its empty state', async () => {
    await removePatient(t);
    for (const list of ['medical-records', 'insurance', 'insurance-plans', 'preventative-care', 'appointments', 'providers', 'activities']) {
      const response = await api(t.app, 'GET', `/api/${list}/1`);
      expect(response.status, list).toBe(200);
      expect(response.body, list).toEqual([]);
    }
    expect(await api(t.app, 'GET', '/api/users/1')).toMatchObject({ status: 404, body: { message: 'User not found' } });
  });
});
