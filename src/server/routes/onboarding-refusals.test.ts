import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayUtc } from '../../shared/contracts/common';
import { wipeData } from '../db/reset';
import { users } from '../db/schema/index';
import { createInsurancePlan, createUser } from '../../testing/factories';
import { activitiesOfPatient } from '../../testing/patient-lists';
import { INTERNAL_ERROR, api, expectRefused, removePatient, useTestApp, withFailingActivityLog } from '../../testing/test-app';
import { answers, complete, type Groups, KEPT_PLAN_FIELDS, patient, plansOfPatient } from '../../testing/onboarding-fixtures';
import { credentialExists } from '../auth/credentials';

const t = useTestApp();

describe('POST /api/onboarding', () => {
  const future = todayUtc(new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));

  it.each<[string, Groups, string | RegExp]>([
    ['a one-letter first name', { personalInfo: { firstName: 'A' } }, 'personalInfo.firstName: First name must be at least 2 characters'],
    ['a first name that is one letter once trimmed', { personalInfo: { firstName: '  A ' } }, 'personalInfo.firstName: First name must be at least 2 characters'],
    ['a missing first name', { personalInfo: { firstName: undefined } }, 'personalInfo.firstName: First name must be at least 2 characters'],
    ['a first name over 100 characters', { personalInfo: { firstName: 'a'.repeat(101) } }, 'personalInfo.firstName: must be at most 100 characters'],
    ['a one-letter last name', { personalInfo: { lastName: 'B' } }, 'personalInfo.lastName: Last name must be at least 2 characters'],
    ['an empty last name', { personalInfo: { lastName: '' } }, 'personalInfo.lastName: Last name must be at least 2 characters'],
    [
      'names too long together for the display name',
      { personalInfo: { firstName: 'a'.repeat(100), lastName: 'b'.repeat(100) } },
      'personalInfo.lastName: First and last name together must be at most 199 characters',
    ],
    ['an invalid email', { personalInfo: { email: 'not-an-email' } }, 'personalInfo.email: Please enter a valid email address'],
    ['an empty email', { personalInfo: { email: '' } }, 'personalInfo.email: Please enter a valid email address'],
    ['a phone number over 40 characters', { personalInfo: { phoneNumber: '5'.repeat(41) } }, 'personalInfo.phoneNumber: must be at most 40 characters'],
    ['a missing date of birth', { personalInfo: { dateOfBirth: undefined } }, 'personalInfo.dateOfBirth: Date of birth is required'],
    ['an empty date of birth', { personalInfo: { dateOfBirth: '' } }, 'personalInfo.dateOfBirth: Date of birth is required'],
    ['an impossible date of birth', { personalInfo: { dateOfBirth: '2001-02-29' } }, 'personalInfo.dateOfBirth: Date of birth is required'],
    ['a date of birth in the future', { personalInfo: { dateOfBirth: future } }, 'personalInfo.dateOfBirth: Date of birth cannot be in the future'],
    ['a date of birth before 1900', { personalInfo: { dateOfBirth: '1899-12-31' } }, 'personalInfo.dateOfBirth: Date of birth must be in 1900 or later'],
    ['a hasExistingConditions that is not true or false', { medicalInfo: { hasExistingConditions: 'yes' } }, 'medicalInfo.hasExistingConditions: must be true or false'],
    ['medications over 2000 characters', { medicalInfo: { medications: 'x'.repeat(2001) } }, 'medicalInfo.medications: must be at most 2000 characters'],
    ['conditions over 2000 characters', { medicalInfo: { existingConditions: 'x'.repeat(2001) } }, 'medicalInfo.existingConditions: must be at most 2000 characters'],
    ['allergies over 2000 characters', { medicalInfo: { allergies: 'x'.repeat(2001) } }, 'medicalInfo.allergies: must be at most 2000 characters'],
    ['a provider without a policy number', { insuranceInfo: { policyNumber: undefined } }, 'insuranceInfo.policyNumber: Policy number is required'],
    ['a provider with a blank policy number', { insuranceInfo: { policyNumber: '   ' } }, 'insuranceInfo.policyNumber: Policy number is required'],
    ['a provider over 200 characters', { insuranceInfo: { provider: 'x'.repeat(201) } }, 'insuranceInfo.provider: must be at most 200 characters'],
    ['a policy number over 100 characters', { insuranceInfo: { policyNumber: 'x'.repeat(101) } }, 'insuranceInfo.policyNumber: must be at most 100 characters'],
    ['a group number over 100 characters', { insuranceInfo: { groupNumber: 'x'.repeat(101) } }, 'insuranceInfo.groupNumber: must be at most 100 characters'],
    ['a hasInsurance that is not true or false', { insuranceInfo: { hasInsurance: 'no' } }, 'insuranceInfo.hasInsurance: must be true or false'],
    [
      'a communication preference outside the list',
      { preferences: { communicationPreference: 'fax' } },
      'preferences.communicationPreference: must be one of email, sms, both, none',
    ],
    ['appointmentReminders as text', { preferences: { appointmentReminders: 'true' } }, 'preferences.appointmentReminders: must be true or false'],
    ['healthTips as null', { preferences: { healthTips: null } }, 'preferences.healthTips: must be true or false'],
  ])('refuses %s with 400 and changes nothing', async (_case, overrides, message) => {
    await createInsurancePlan(t.db, t.userId, { provider: 'Old Health', memberId: 'OLD-1', ...KEPT_PLAN_FIELDS });
    await expectRefused(t, 'POST', '/api/onboarding', answers(t, overrides), 400, message);
  });

  it.each([
    ['a missing step', { personalInfo: undefined }, /^personalInfo: /],
    ['a step that is not an object', { preferences: 'email' }, /^preferences: /],
    ['a missing userId', { userId: undefined }, 'userId: must be a positive whole number'],
    ['a userId as text', { userId: '1' }, 'userId: must be a positive whole number'],
  ])('refuses a body with %s with 400 and changes nothing', async (_case, overrides, message) => {
    await expectRefused(t, 'POST', '/api/onboarding', { ...answers(t), ...overrides }, 400, message);
  });

  it('refuses an empty body and a missing one with 400', async () => {
    await expectRefused(t, 'POST', '/api/onboarding', {}, 400, /./);
    await expectRefused(t, 'POST', '/api/onboarding', undefined, 400, /./);
  });

  it('answers 404 for another user and one that does not exist, and changes nothing', async () => {
    await expectRefused(t, 'POST', '/api/onboarding', { ...answers(t), userId: t.otherUserId }, 404, 'User not found');
    await expectRefused(t, 'POST', '/api/onboarding', { ...answers(t), userId: 999 }, 404, 'User not found');
  });

  it("answers 409 for another user's email address, and changes nothing (no plan either)", async () => {
    const other = await createUser(t.db, { email: 'taken@example.com' });
    expect(other.id).not.toBe(t.userId);
    await expectRefused(t, 'POST', '/api/onboarding', answers(t, { personalInfo: { email: ' Taken@Example.com ' } }), 409, 'email: That email address is already in use');
  });

  describe('nothing is half-written: when the activity cannot be recorded', () => {
    it('neither the patient nor a new plan is stored', async () => {
      await withFailingActivityLog(t.db, async () => {
        await expectRefused(t, 'POST', '/api/onboarding', answers(t), 500, INTERNAL_ERROR);
      });
      expect((await patient(t)).onboardedAt).toBeNull();
    });

    it('neither the patient nor the existing plan changes', async () => {
      await createInsurancePlan(t.db, t.userId, { provider: 'Old Health', memberId: 'OLD-1', ...KEPT_PLAN_FIELDS });
      await withFailingActivityLog(t.db, async () => {
        await expectRefused(t, 'POST', '/api/onboarding', answers(t), 500, INTERNAL_ERROR);
      });
      expect(await plansOfPatient(t)).toEqual([expect.objectContaining({ provider: 'Old Health', memberId: 'OLD-1' })]);
    });
  });
});

describe('POST /api/onboarding on a first run, without a patient', () => {
  it('creates the patient (user 1, not demo data) with every answer, the primary plan and its activity', async () => {
    // A fresh database: no user at all, the id sequences restarted.
    await wipeData(t.db);
    const response = await complete(t, answers(t));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: t.userId,
      username: 'patient',
      displayName: 'Sam Lee',
      firstName: 'Sam',
      email: 'sam.lee@example.com',
      dateOfBirth: '1984-02-29',
      medications: 'Metformin 500 mg',
      communicationPreference: 'sms',
      avatarUrl: null,
    });
    expect(response.body.onboardedAt).not.toBeNull();
    expect(await patient(t)).toEqual(response.body);
    expect(await plansOfPatient(t)).toEqual([expect.objectContaining({ provider: 'Blue Shield', memberId: 'BS-4242', isPrimary: true })]);
    expect(await activitiesOfPatient(t)).toEqual([expect.objectContaining({ activityType: 'insurance_added' })]);
    expect((await api(t.app, 'GET', '/api/setup')).body).toEqual({ patient: 'own', onboarding: 'done' });

    const [row] = await t.db.select({ isDemo: users.isDemo }).from(users).where(eq(users.id, t.userId));
    expect(row!.isDemo).toBe(false);
    // No passphrase until the patient sets one (ADR 17).
    expect(await credentialExists(t.db)).toBe(false);
    // The id sequence has moved past the patient: a user inserted later gets an id of its own.
    expect((await createUser(t.db)).id).toBe(t.userId + 1);
  });

  it('creates the patient once when completed twice: the second completion updates them', async () => {
    await removePatient(t);
    expect((await complete(t, answers(t))).status).toBe(200);
    const second = await complete(t, answers(t, { personalInfo: { firstName: 'Samuel' } }));
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ id: t.userId, displayName: 'Samuel Lee' });
    expect(await t.db.select({ id: users.id }).from(users).orderBy(users.id)).toEqual([{ id: t.userId }, { id: t.otherUserId }]);
    expect(await plansOfPatient(t)).toHaveLength(1);
  });

  it("answers 409 for another user's email address and creates no one", async () => {
    await removePatient(t);
    const [other] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, t.otherUserId));
    await expectRefused(t, 'POST', '/api/onboarding', answers(t, { personalInfo: { email: other!.email } }), 409, 'email: That email address is already in use');
  });

  it('creates nothing when the activity cannot be recorded', async () => {
    await removePatient(t);
    await withFailingActivityLog(t.db, async () => {
      await expectRefused(t, 'POST', '/api/onboarding', answers(t), 500, INTERNAL_ERROR);
    });
    expect((await api(t.app, 'GET', `/api/users/${t.userId}`)).status).toBe(404);
  });

  it('answers 404 for another user’s id and creates no one', async () => {
    await removePatient(t);
    await expectRefused(t, 'POST', '/api/onboarding', { ...answers(t), userId: t.otherUserId }, 404, 'User not found');
  });
});
