import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayUtc } from '../../shared/contracts/common';
import { insurancePlans } from '../db/schema/index';
import { createInsurancePlan } from '../../testing/factories';
import { activitiesOfPatient } from '../../testing/patient-lists';
import { api, snapshotData, useTestApp } from '../../testing/test-app';
import { answers, complete, KEPT_PLAN_FIELDS, patient, plansOfPatient } from '../../testing/onboarding-fixtures';

// What a completed onboarding stores. What it refuses, and the first completion on a first run:
// onboarding-refusals.test.ts.

const t = useTestApp();

describe('POST /api/onboarding', () => {
  it('stores every answer, creates the primary plan with its activity, and answers 200 with the user', async () => {
    const before = Date.now();
    const response = await complete(t, answers(t));
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
    expect(await patient(t)).toEqual(response.body);

    const plans = await plansOfPatient(t);
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
    expect(await activitiesOfPatient(t)).toEqual([
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
    const response = await complete(t, 
      answers(t, {
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
    expect(await plansOfPatient(t)).toEqual([expect.objectContaining({ provider: 'Blue Shield', memberId: 'BS-4242', groupNumber: null })]);
  });

  it('fills the defaults of part 2 §5 (docs/product.md#part-2-5) for steps left as they open', async () => {
    const response = await complete(t, { ...answers(t), medicalInfo: {}, insuranceInfo: {}, preferences: {} });
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
    expect(await plansOfPatient(t)).toEqual([]);
    expect(await activitiesOfPatient(t)).toEqual([]);
  });

  it('stores no conditions while hasExistingConditions is unchecked, clearing ones stored before', async () => {
    await api(t.app, 'PATCH', `/api/users/${t.userId}`, { existingConditions: 'Asthma' });
    const response = await complete(t, answers(t, { medicalInfo: { hasExistingConditions: false, existingConditions: 'Left in the hidden field' } }));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ existingConditions: null, medications: 'Metformin 500 mg', allergies: 'Penicillin' });
    expect((await patient(t)).existingConditions).toBeNull();
  });

  it('updates the existing primary plan instead of adding one, recording the update', async () => {
    const primary = await createInsurancePlan(t.db, t.userId, { provider: 'Old Health', memberId: 'OLD-1', groupNumber: 'G-OLD', ...KEPT_PLAN_FIELDS });
    const secondary = await createInsurancePlan(t.db, t.userId, { provider: 'Dental Co', isPrimary: false });
    const theirs = await createInsurancePlan(t.db, t.otherUserId, { provider: 'Theirs' });
    const response = await complete(t, answers(t, { insuranceInfo: { groupNumber: null } }));
    expect(response.status).toBe(200);

    const plans = await plansOfPatient(t);
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
    // Another patient's plan is as it was (the factory's row leaves out the codes the API never answers: none here).
    expect(await t.db.select().from(insurancePlans).where(eq(insurancePlans.id, theirs.id))).toEqual([{ ...theirs, codes: [] }]);
    expect(await activitiesOfPatient(t)).toEqual([
      expect.objectContaining({
        activityType: 'insurance_updated',
        description: 'Updated Blue Shield insurance information',
        relatedItemId: primary.id,
      }),
    ]);
  });

  it('updates the plan it created when completed a second time: still one plan', async () => {
    expect((await complete(t, answers(t))).status).toBe(200);
    const response = await complete(t, answers(t, { insuranceInfo: { provider: 'Aetna', policyNumber: 'AE-1', groupNumber: 'G-2' } }));
    expect(response.status).toBe(200);
    expect(await plansOfPatient(t)).toEqual([expect.objectContaining({ provider: 'Aetna', memberId: 'AE-1', groupNumber: 'G-2', isPrimary: true })]);
    expect((await activitiesOfPatient(t)).map((activity: { activityType: string }) => activity.activityType).sort()).toEqual([
      'insurance_added',
      'insurance_updated',
    ]);
  });

  it('adds a primary plan when the patient has only a secondary one', async () => {
    const secondary = await createInsurancePlan(t.db, t.userId, { provider: 'Dental Co', isPrimary: false });
    expect((await complete(t, answers(t))).status).toBe(200);
    const plans = await plansOfPatient(t);
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
    expect((await complete(t, answers(t, { insuranceInfo }))).status).toBe(200);
    expect(await plansOfPatient(t)).toEqual([]);
    expect(await activitiesOfPatient(t)).toEqual([]);

    await createInsurancePlan(t.db, t.userId, { provider: 'Old Health', memberId: 'OLD-1', ...KEPT_PLAN_FIELDS });
    const plansBefore = (await snapshotData(t.db)).insurance_plans;
    const response = await complete(t, answers(t, { personalInfo: { firstName: 'Samantha' }, insuranceInfo }));
    expect(response.status).toBe(200);
    expect(response.body.displayName).toBe('Samantha Lee');
    expect((await snapshotData(t.db)).insurance_plans).toEqual(plansBefore);
    expect(await activitiesOfPatient(t)).toEqual([]);
  });

  it('accepts the email address the patient already has', async () => {
    const response = await complete(t, answers(t, { personalInfo: { email: 'ALEX@example.com' } }));
    expect(response.status).toBe(200);
    expect(response.body.email).toBe('alex@example.com');
  });

  it('accepts a name of exactly 2 characters and names of 100 and 99 characters', async () => {
    expect((await complete(t, answers(t, { personalInfo: { firstName: 'Al', lastName: 'Li' } }))).body.displayName).toBe('Al Li');
    const long = await complete(t, answers(t, { personalInfo: { firstName: 'a'.repeat(100), lastName: 'b'.repeat(99) } }));
    expect(long.status).toBe(200);
    expect(long.body.displayName).toHaveLength(200);
  });
});
