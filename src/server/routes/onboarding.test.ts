import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayUtc } from '../../shared/contracts/common';
import { wipeData } from '../db/reset';
import { insurancePlans, users } from '../db/schema/index';
import { createInsurancePlan, createUser } from '../../testing/factories';
import { INTERNAL_ERROR, api, expectRefused, removePatient, snapshotData, useTestApp, withFailingActivityLog } from '../../testing/test-app';

const t = useTestApp();

interface Groups {
  personalInfo?: Record<string, unknown>;
  medicalInfo?: Record<string, unknown>;
  insuranceInfo?: Record<string, unknown>;
  preferences?: Record<string, unknown>;
}

/** A whole Complete Setup as the wizard sends it, every step answered; `overrides` replace fields of a step. */
function answers(overrides: Groups = {}) {
  return {
    userId: t.userId,
    personalInfo: {
      firstName: 'Sam',
      lastName: 'Lee',
      email: 'sam.lee@example.com',
      phoneNumber: '(555) 010-0199',
      dateOfBirth: '1984-02-29',
      ...overrides.personalInfo,
    },
    medicalInfo: {
      hasExistingConditions: true,
      existingConditions: 'Type 2 diabetes',
      medications: 'Metformin 500 mg',
      allergies: 'Penicillin',
      ...overrides.medicalInfo,
    },
    insuranceInfo: { hasInsurance: true, provider: 'Blue Shield', policyNumber: 'BS-4242', groupNumber: 'GRP-7', ...overrides.insuranceInfo },
    preferences: { communicationPreference: 'sms', appointmentReminders: false, healthTips: false, ...overrides.preferences },
  };
}

const complete = (body: unknown) => api(t.app, 'POST', '/api/onboarding', body);
const patient = async () => (await api(t.app, 'GET', `/api/users/${t.userId}`)).body;
const plansOfPatient = async () => (await api(t.app, 'GET', `/api/insurance/${t.userId}`)).body;
const activitiesOfPatient = async () => (await api(t.app, 'GET', `/api/activities/${t.userId}`)).body;

/** A plan the onboarding step does not ask about keeps its values: only provider, member id and group change. */
const KEPT_PLAN_FIELDS = { planType: 'HMO', effectiveDate: '2025-03-01', deductible: 1500, deductibleMet: 300, outOfPocketMax: 5000, outOfPocketMet: 750 } as const;

describe('POST /api/onboarding', () => {
  it('stores every answer, creates the primary plan with its activity, and answers 200 with the user', async () => {
    const before = Date.now();
    const response = await complete(answers());
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: t.userId,
      firstName: 'Sam',
      lastName: 'Lee',
      displayName: 'Sam Lee',
      email: 'sam.lee@example.com',
      phoneNumber: '(555) 010-0199',
      dateOfBirth: '1984-02-29',
      existingConditions: 'Type 2 diabetes',
      medications: 'Metformin 500 mg',
      allergies: 'Penicillin',
      communicationPreference: 'sms',
      appointmentReminders: false,
      healthTips: false,
      // Not asked by the wizard: left as they were.
      sexAtBirth: null,
      timeZone: null,
      avatarUrl: null,
    });
    const onboardedAt = Date.parse(response.body.onboardedAt);
    expect(onboardedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(onboardedAt).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await patient()).toEqual(response.body);

    const plans = await plansOfPatient();
    expect(plans).toEqual([
      {
        id: expect.any(Number),
        userId: t.userId,
        provider: 'Blue Shield',
        memberId: 'BS-4242',
        groupNumber: 'GRP-7',
        planType: 'PPO',
        effectiveDate: todayUtc(),
        deductible: 0,
        deductibleMet: 0,
        outOfPocketMax: 0,
        outOfPocketMet: 0,
        isPrimary: true,
      },
    ]);
    expect(await activitiesOfPatient()).toEqual([
      expect.objectContaining({
        userId: t.userId,
        activityType: 'insurance_added',
        iconType: 'health_and_safety',
        description: 'Added Blue Shield insurance plan',
        relatedItemId: plans[0].id,
      }),
    ]);
  });

  it('trims the answers, lower-cases the email and stores empty texts as none', async () => {
    const response = await complete(
      answers({
        personalInfo: { firstName: '  Sam ', lastName: ' Lee  ', email: ' Sam.Lee@Example.COM ', phoneNumber: '   ', dateOfBirth: ' 1984-02-29 ' },
        medicalInfo: { existingConditions: ' Asthma ', medications: '', allergies: '  ' },
        insuranceInfo: { provider: ' Blue Shield ', policyNumber: ' BS-4242 ', groupNumber: ' ' },
      }),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      firstName: 'Sam',
      lastName: 'Lee',
      displayName: 'Sam Lee',
      email: 'sam.lee@example.com',
      phoneNumber: null,
      dateOfBirth: '1984-02-29',
      existingConditions: 'Asthma',
      medications: null,
      allergies: null,
    });
    expect(await plansOfPatient()).toEqual([expect.objectContaining({ provider: 'Blue Shield', memberId: 'BS-4242', groupNumber: null })]);
  });

  it('fills the defaults of part 2 §5 for steps left as they open', async () => {
    const response = await complete({ ...answers(), medicalInfo: {}, insuranceInfo: {}, preferences: {} });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      existingConditions: null,
      medications: null,
      allergies: null,
      communicationPreference: 'email',
      appointmentReminders: true,
      healthTips: true,
    });
    // hasInsurance defaults to true, but without a provider there is no plan to write.
    expect(await plansOfPatient()).toEqual([]);
    expect(await activitiesOfPatient()).toEqual([]);
  });

  it('stores no conditions while hasExistingConditions is unchecked, clearing ones stored before', async () => {
    await api(t.app, 'PATCH', `/api/users/${t.userId}`, { existingConditions: 'Asthma' });
    const response = await complete(answers({ medicalInfo: { hasExistingConditions: false, existingConditions: 'Left in the hidden field' } }));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ existingConditions: null, medications: 'Metformin 500 mg', allergies: 'Penicillin' });
    expect((await patient()).existingConditions).toBeNull();
  });

  it('updates the existing primary plan instead of adding one, recording the update', async () => {
    const primary = await createInsurancePlan(t.db, t.userId, { provider: 'Old Health', memberId: 'OLD-1', groupNumber: 'G-OLD', ...KEPT_PLAN_FIELDS });
    const secondary = await createInsurancePlan(t.db, t.userId, { provider: 'Dental Co', isPrimary: false });
    const theirs = await createInsurancePlan(t.db, t.otherUserId, { provider: 'Theirs' });
    const response = await complete(answers({ insuranceInfo: { groupNumber: null } }));
    expect(response.status).toBe(200);

    const plans = await plansOfPatient();
    expect(plans).toHaveLength(2);
    expect(plans[0]).toEqual({
      id: primary.id,
      userId: t.userId,
      provider: 'Blue Shield',
      memberId: 'BS-4242',
      // The step's answer, cleared in the form: no group number any more.
      groupNumber: null,
      ...KEPT_PLAN_FIELDS,
      isPrimary: true,
    });
    expect(plans[1]).toMatchObject({ id: secondary.id, provider: 'Dental Co', isPrimary: false });
    expect(await t.db.select().from(insurancePlans).where(eq(insurancePlans.id, theirs.id))).toEqual([theirs]);
    expect(await activitiesOfPatient()).toEqual([
      expect.objectContaining({
        activityType: 'insurance_updated',
        description: 'Updated Blue Shield insurance information',
        relatedItemId: primary.id,
      }),
    ]);
  });

  it('updates the plan it created when completed a second time: still one plan', async () => {
    expect((await complete(answers())).status).toBe(200);
    const response = await complete(answers({ insuranceInfo: { provider: 'Aetna', policyNumber: 'AE-1', groupNumber: 'G-2' } }));
    expect(response.status).toBe(200);
    expect(await plansOfPatient()).toEqual([expect.objectContaining({ provider: 'Aetna', memberId: 'AE-1', groupNumber: 'G-2', isPrimary: true })]);
    expect((await activitiesOfPatient()).map((activity: { activityType: string }) => activity.activityType).sort()).toEqual([
      'insurance_added',
      'insurance_updated',
    ]);
  });

  it('adds a primary plan when the patient has only a secondary one', async () => {
    const secondary = await createInsurancePlan(t.db, t.userId, { provider: 'Dental Co', isPrimary: false });
    expect((await complete(answers())).status).toBe(200);
    const plans = await plansOfPatient();
    expect(plans.map((plan: { provider: string; isPrimary: boolean }) => [plan.provider, plan.isPrimary])).toEqual([
      ['Blue Shield', true],
      ['Dental Co', false],
    ]);
    expect(plans[1].id).toBe(secondary.id);
  });

  it.each([
    ['hasInsurance unchecked', { hasInsurance: false }],
    ['hasInsurance unchecked, with the hidden fields still filled in but no policy number', { hasInsurance: false, policyNumber: null }],
    ['no provider', { provider: '', policyNumber: '', groupNumber: '' }],
    ['no provider but a policy number', { provider: null, policyNumber: 'BS-4242' }],
  ])('writes no plan and no activity with %s, leaving an existing plan alone', async (_case, insuranceInfo) => {
    expect((await complete(answers({ insuranceInfo }))).status).toBe(200);
    expect(await plansOfPatient()).toEqual([]);
    expect(await activitiesOfPatient()).toEqual([]);

    await createInsurancePlan(t.db, t.userId, { provider: 'Old Health', memberId: 'OLD-1', ...KEPT_PLAN_FIELDS });
    const plansBefore = (await snapshotData(t.db)).insurance_plans;
    const response = await complete(answers({ personalInfo: { firstName: 'Samantha' }, insuranceInfo }));
    expect(response.status).toBe(200);
    expect(response.body.displayName).toBe('Samantha Lee');
    expect((await snapshotData(t.db)).insurance_plans).toEqual(plansBefore);
    expect(await activitiesOfPatient()).toEqual([]);
  });

  it('accepts the email address the patient already has', async () => {
    const response = await complete(answers({ personalInfo: { email: 'ALEX@example.com' } }));
    expect(response.status).toBe(200);
    expect(response.body.email).toBe('alex@example.com');
  });

  it('accepts a name of exactly 2 characters and names of 100 and 99 characters', async () => {
    expect((await complete(answers({ personalInfo: { firstName: 'Al', lastName: 'Li' } }))).body.displayName).toBe('Al Li');
    const long = await complete(answers({ personalInfo: { firstName: 'a'.repeat(100), lastName: 'b'.repeat(99) } }));
    expect(long.status).toBe(200);
    expect(long.body.displayName).toHaveLength(200);
  });

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
    await expectRefused(t, 'POST', '/api/onboarding', answers(overrides), 400, message);
  });

  it.each([
    ['a missing step', { personalInfo: undefined }, /^personalInfo: /],
    ['a step that is not an object', { preferences: 'email' }, /^preferences: /],
    ['a missing userId', { userId: undefined }, 'userId: must be a positive whole number'],
    ['a userId as text', { userId: '1' }, 'userId: must be a positive whole number'],
  ])('refuses a body with %s with 400 and changes nothing', async (_case, overrides, message) => {
    await expectRefused(t, 'POST', '/api/onboarding', { ...answers(), ...overrides }, 400, message);
  });

  it('refuses an empty body and a missing one with 400', async () => {
    await expectRefused(t, 'POST', '/api/onboarding', {}, 400, /./);
    await expectRefused(t, 'POST', '/api/onboarding', undefined, 400, /./);
  });

  it('answers 404 for another user and one that does not exist, and changes nothing', async () => {
    await expectRefused(t, 'POST', '/api/onboarding', { ...answers(), userId: t.otherUserId }, 404, 'User not found');
    await expectRefused(t, 'POST', '/api/onboarding', { ...answers(), userId: 999 }, 404, 'User not found');
  });

  it("answers 409 for another user's email address, and changes nothing (no plan either)", async () => {
    const other = await createUser(t.db, { email: 'taken@example.com' });
    expect(other.id).not.toBe(t.userId);
    await expectRefused(t, 'POST', '/api/onboarding', answers({ personalInfo: { email: ' Taken@Example.com ' } }), 409, 'email: That email address is already in use');
  });

  describe('nothing is half-written: when the activity cannot be recorded', () => {
    it('neither the patient nor a new plan is stored', async () => {
      await withFailingActivityLog(t.db, async () => {
        await expectRefused(t, 'POST', '/api/onboarding', answers(), 500, INTERNAL_ERROR);
      });
      expect((await patient()).onboardedAt).toBeNull();
    });

    it('neither the patient nor the existing plan changes', async () => {
      await createInsurancePlan(t.db, t.userId, { provider: 'Old Health', memberId: 'OLD-1', ...KEPT_PLAN_FIELDS });
      await withFailingActivityLog(t.db, async () => {
        await expectRefused(t, 'POST', '/api/onboarding', answers(), 500, INTERNAL_ERROR);
      });
      expect(await plansOfPatient()).toEqual([expect.objectContaining({ provider: 'Old Health', memberId: 'OLD-1' })]);
    });
  });
});

describe('POST /api/onboarding on a first run, without a patient', () => {
  it('creates the patient (user 1, not demo data) with every answer, the primary plan and its activity', async () => {
    // A fresh database: no user at all, the id sequences restarted.
    await wipeData(t.db);
    const response = await complete(answers());
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
    expect(await patient()).toEqual(response.body);
    expect(await plansOfPatient()).toEqual([expect.objectContaining({ provider: 'Blue Shield', memberId: 'BS-4242', isPrimary: true })]);
    expect(await activitiesOfPatient()).toEqual([expect.objectContaining({ activityType: 'insurance_added' })]);
    expect((await api(t.app, 'GET', '/api/setup')).body).toEqual({ patient: 'own', onboarding: 'done' });

    const [row] = await t.db.select({ isDemo: users.isDemo, passwordHash: users.passwordHash }).from(users).where(eq(users.id, t.userId));
    expect(row!.isDemo).toBe(false);
    // No passphrase until the patient sets one (ADR 17).
    expect(row!.passwordHash).toBeNull();
    // The id sequence has moved past the patient: a user inserted later gets an id of its own.
    expect((await createUser(t.db)).id).toBe(t.userId + 1);
  });

  it('creates the patient once when completed twice: the second completion updates them', async () => {
    await removePatient(t);
    expect((await complete(answers())).status).toBe(200);
    const second = await complete(answers({ personalInfo: { firstName: 'Samuel' } }));
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ id: t.userId, displayName: 'Samuel Lee' });
    expect(await t.db.select({ id: users.id }).from(users).orderBy(users.id)).toEqual([{ id: t.userId }, { id: t.otherUserId }]);
    expect(await plansOfPatient()).toHaveLength(1);
  });

  it("answers 409 for another user's email address and creates no one", async () => {
    await removePatient(t);
    const [other] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, t.otherUserId));
    await expectRefused(t, 'POST', '/api/onboarding', answers({ personalInfo: { email: other!.email } }), 409, 'email: That email address is already in use');
  });

  it('creates nothing when the activity cannot be recorded', async () => {
    await removePatient(t);
    await withFailingActivityLog(t.db, async () => {
      await expectRefused(t, 'POST', '/api/onboarding', answers(), 500, INTERNAL_ERROR);
    });
    expect((await api(t.app, 'GET', `/api/users/${t.userId}`)).status).toBe(404);
  });

  it('answers 404 for another user’s id and creates no one', async () => {
    await removePatient(t);
    await expectRefused(t, 'POST', '/api/onboarding', { ...answers(), userId: t.otherUserId }, 404, 'User not found');
  });
});
