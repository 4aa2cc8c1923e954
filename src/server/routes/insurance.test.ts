import { describe, expect, it } from 'vitest';
import { createBenefit, createInsurancePlan } from '../../testing/factories';
import { INTERNAL_ERROR, api, expectRefused, snapshotData, useTestApp, withFailingActivityLog } from '../../testing/test-app';

const t = useTestApp();

const PRIMARY_EXISTS = 'A primary insurance plan already exists; edit it instead';
const PLAN_TYPE_REQUIRED = 'planType: Plan type is required (PPO, HMO, EPO, POS, HDHP, Other)';
const DEDUCTIBLE_MET_ABOVE = 'deductibleMet: Deductible met cannot exceed the deductible';
const OUT_OF_POCKET_MET_ABOVE = 'outOfPocketMet: Out-of-pocket met cannot exceed the maximum';
/** The plan types the edit dialog offers, as the README lists them. */
const PLAN_TYPES = ['PPO', 'HMO', 'EPO', 'POS', 'HDHP', 'Other'];

/** A complete POST /api/insurance payload as the insurance form sends it. */
function newPlan(overrides: Record<string, unknown> = {}) {
  return {
    userId: t.userId,
    provider: 'Blue Shield',
    memberId: 'BS-4242',
    groupNumber: 'GRP-7',
    planType: 'HMO',
    effectiveDate: '2026-02-01',
    deductible: 1500,
    deductibleMet: 300,
    outOfPocketMax: 5000,
    outOfPocketMet: 750,
    isPrimary: true,
    ...overrides,
  };
}

/** A complete POST /api/insurance/benefits payload as the benefit form sends it. */
function newBenefit(insuranceId: number, overrides: Record<string, unknown> = {}) {
  return { insuranceId, serviceName: 'Specialist visit', inNetworkCoverage: '$40 copay', outOfNetworkCoverage: '60% after deductible', ...overrides };
}

async function benefitsOf(insuranceId: number) {
  return (await api(t.app, 'GET', `/api/insurance/benefits/${insuranceId}`)).body;
}

const MALFORMED_IDS = ['abc', '0', '-1', '1.5', '1e3', '2147483648'];

async function activitiesOfPatient() {
  return (await api(t.app, 'GET', `/api/activities/${t.userId}`)).body;
}

describe.each(['/api/insurance', '/api/insurance-plans'])('GET %s/{userId}', (base) => {
  it('lists the patient’s plans, the primary one first and then by id', async () => {
    const older = await createInsurancePlan(t.db, t.userId, { provider: 'Older Secondary', isPrimary: false });
    const primary = await createInsurancePlan(t.db, t.userId, { provider: 'Primary', groupNumber: 'G-1' });
    const newer = await createInsurancePlan(t.db, t.userId, { provider: 'Newer Secondary', isPrimary: false });
    await createInsurancePlan(t.db, t.otherUserId, { provider: 'Theirs' });

    const response = await api(t.app, 'GET', `${base}/${t.userId}`);
    expect(response.status).toBe(200);
    expect(response.body.map((plan: { id: number }) => plan.id)).toEqual([primary.id, older.id, newer.id]);
    expect(response.body[0]).toEqual({
      id: primary.id,
      userId: t.userId,
      provider: 'Primary',
      memberId: 'M-1001',
      groupNumber: 'G-1',
      planType: 'PPO',
      effectiveDate: '2026-01-01',
      deductible: 1000,
      deductibleMet: 200,
      outOfPocketMax: 4000,
      outOfPocketMet: 500,
      isPrimary: true,
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers an empty list when the patient has no plan', async () => {
    await createInsurancePlan(t.db, t.otherUserId);
    const response = await api(t.app, 'GET', `${base}/${t.userId}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it('answers 404 for another user and one that does not exist, 400 for a malformed id', async () => {
    await createInsurancePlan(t.db, t.otherUserId);
    await expectRefused(t, 'GET', `${base}/${t.otherUserId}`, undefined, 404, 'User not found');
    await expectRefused(t, 'GET', `${base}/999`, undefined, 404, 'User not found');
    for (const bad of ['abc', '0', '-1', '1e3', '1.5', '01']) {
      await expectRefused(t, 'GET', `${base}/${bad}`, undefined, 400, 'userId: must be a positive whole number');
    }
  });
});

describe('GET /api/insurance/benefits/{insuranceId}', () => {
  it('lists the benefits of one of the patient’s plans in the order they were added', async () => {
    const plan = await createInsurancePlan(t.db, t.userId);
    const visit = await createBenefit(t.db, plan.id, 'Primary care visit');
    const xray = await createBenefit(t.db, plan.id, 'X-ray');
    const otherPlan = await createInsurancePlan(t.db, t.userId, { isPrimary: false });
    await createBenefit(t.db, otherPlan.id, 'Dental cleaning');

    const response = await api(t.app, 'GET', `/api/insurance/benefits/${plan.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { id: visit.id, insuranceId: plan.id, serviceName: 'Primary care visit', inNetworkCoverage: '$20 copay', outOfNetworkCoverage: '50%' },
      { id: xray.id, insuranceId: plan.id, serviceName: 'X-ray', inNetworkCoverage: '$20 copay', outOfNetworkCoverage: '50%' },
    ]);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers an empty list for a plan without benefits', async () => {
    const plan = await createInsurancePlan(t.db, t.userId);
    const response = await api(t.app, 'GET', `/api/insurance/benefits/${plan.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it("answers 404 for another user's plan and one that does not exist, 400 for a malformed id", async () => {
    const theirs = await createInsurancePlan(t.db, t.otherUserId);
    await createBenefit(t.db, theirs.id);
    await expectRefused(t, 'GET', `/api/insurance/benefits/${theirs.id}`, undefined, 404, 'Insurance plan not found');
    await expectRefused(t, 'GET', '/api/insurance/benefits/999', undefined, 404, 'Insurance plan not found');
    for (const bad of ['abc', '0', '1e3', '2147483648']) {
      await expectRefused(t, 'GET', `/api/insurance/benefits/${bad}`, undefined, 400, 'insuranceId: must be a positive whole number');
    }
  });
});

describe('POST /api/insurance', () => {
  it('stores the plan, records the activity, and answers 201 with the created row', async () => {
    const response = await api(t.app, 'POST', '/api/insurance', newPlan());
    expect(response.status).toBe(201);
    const created = {
      id: 1,
      userId: t.userId,
      provider: 'Blue Shield',
      memberId: 'BS-4242',
      groupNumber: 'GRP-7',
      planType: 'HMO',
      effectiveDate: '2026-02-01',
      deductible: 1500,
      deductibleMet: 300,
      outOfPocketMax: 5000,
      outOfPocketMet: 750,
      isPrimary: true,
    };
    expect(response.body).toEqual(created);
    expect((await api(t.app, 'GET', `/api/insurance/${t.userId}`)).body).toEqual([created]);

    expect(await activitiesOfPatient()).toEqual([
      expect.objectContaining({
        userId: t.userId,
        activityType: 'insurance_added',
        description: 'Added Blue Shield insurance plan',
        iconType: 'health_and_safety',
        relatedItemId: 1,
      }),
    ]);
  });

  it('fills the defaults of part 1 §3: plan type PPO, amounts 0, primary, no group number', async () => {
    const response = await api(t.app, 'POST', '/api/insurance', {
      userId: t.userId,
      provider: 'Acme Health',
      memberId: 'A-1',
      effectiveDate: '2026-01-15',
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: 1,
      userId: t.userId,
      provider: 'Acme Health',
      memberId: 'A-1',
      groupNumber: null,
      planType: 'PPO',
      effectiveDate: '2026-01-15',
      deductible: 0,
      deductibleMet: 0,
      outOfPocketMax: 0,
      outOfPocketMet: 0,
      isPrimary: true,
    });
  });

  it('stores an empty group number as none, counts empty amounts as 0, and trims the text', async () => {
    const response = await api(t.app, 'POST', '/api/insurance', newPlan({
      provider: '  Blue Shield  ',
      memberId: ' BS-4242 ',
      groupNumber: '',
      deductible: '',
      deductibleMet: '',
      outOfPocketMax: '',
      outOfPocketMet: '',
    }));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      provider: 'Blue Shield',
      memberId: 'BS-4242',
      groupNumber: null,
      deductible: 0,
      deductibleMet: 0,
      outOfPocketMax: 0,
      outOfPocketMet: 0,
    });
    const blank = await api(t.app, 'POST', '/api/insurance', newPlan({ groupNumber: '   ', isPrimary: false }));
    expect(blank.body.groupNumber).toBeNull();
  });

  it.each([
    ['a plain date', '2026-03-01'],
    ['a date-time late in the evening west of UTC', '2026-03-01T23:30:00-05:00'],
    ['a date-time just after midnight east of UTC', '2026-03-01T00:30:00+09:00'],
    ['a UTC date-time with milliseconds', '2026-03-01T12:00:00.000Z'],
  ])('keeps the written calendar date of %s', async (_case, effectiveDate) => {
    const response = await api(t.app, 'POST', '/api/insurance', newPlan({ effectiveDate }));
    expect(response.status).toBe(201);
    expect(response.body.effectiveDate).toBe('2026-03-01');
    const [stored] = (await api(t.app, 'GET', `/api/insurance/${t.userId}`)).body;
    expect(stored.effectiveDate).toBe('2026-03-01');
  });

  it('accepts a non-primary plan while a primary one exists', async () => {
    const primary = await createInsurancePlan(t.db, t.userId);
    const response = await api(t.app, 'POST', '/api/insurance', newPlan({ isPrimary: false }));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ id: primary.id + 1, isPrimary: false });
    const list = await api(t.app, 'GET', `/api/insurance/${t.userId}`);
    expect(list.body.map((plan: { id: number }) => plan.id)).toEqual([primary.id, primary.id + 1]);
  });

  it("accepts a primary plan while only another user's plan is primary", async () => {
    await createInsurancePlan(t.db, t.otherUserId);
    const response = await api(t.app, 'POST', '/api/insurance', newPlan());
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ userId: t.userId, isPrimary: true });
  });

  it('refuses a second primary plan with 409, whether isPrimary is sent or left to its default', async () => {
    await createInsurancePlan(t.db, t.userId);
    await expectRefused(t, 'POST', '/api/insurance', newPlan({ isPrimary: true }), 409, PRIMARY_EXISTS);
    await expectRefused(t, 'POST', '/api/insurance', newPlan({ isPrimary: undefined }), 409, PRIMARY_EXISTS);
  });

  it('lets only one of two simultaneous primary plans through', async () => {
    const responses = await Promise.all([
      api(t.app, 'POST', '/api/insurance', newPlan({ provider: 'First' })),
      api(t.app, 'POST', '/api/insurance', newPlan({ provider: 'Second' })),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    const refused = responses.find((response) => response.status === 409)!;
    // The service's own check, or the unique index if both checked before either inserted.
    expect([PRIMARY_EXISTS, 'That conflicts with data that already exists']).toContain(refused.body.message);
    const snapshot = await snapshotData(t.db);
    expect(snapshot.insurance_plans).toHaveLength(1);
    expect(snapshot.activities).toHaveLength(1);
  });

  it('stores no plan when its activity cannot be recorded', async () => {
    await withFailingActivityLog(t.db, async () => {
      await expectRefused(t, 'POST', '/api/insurance', newPlan(), 500, INTERNAL_ERROR);
    });
  });

  it.each([
    ['a negative deductible', { deductible: -1 }, 'deductible: Deductible cannot be negative'],
    ['a negative deductible met', { deductibleMet: -1 }, 'deductibleMet: Deductible met cannot be negative'],
    ['a negative out-of-pocket maximum', { outOfPocketMax: -1 }, 'outOfPocketMax: Out-of-pocket maximum cannot be negative'],
    ['a negative out-of-pocket met', { outOfPocketMet: -1 }, 'outOfPocketMet: Out-of-pocket met cannot be negative'],
    ['a fractional amount', { deductible: 1500.5 }, 'deductible: must be a whole number'],
    ['an amount sent as text', { outOfPocketMax: '5000' }, 'outOfPocketMax: must be a number'],
    ['an amount of null', { deductibleMet: null }, 'deductibleMet: must be a number'],
    ['an amount over 100,000,000', { deductible: 100_000_001 }, 'deductible: must be at most 100,000,000'],
    ['a missing effective date', { effectiveDate: undefined }, 'effectiveDate: Effective date is required'],
    ['an empty effective date', { effectiveDate: '' }, 'effectiveDate: Effective date is required'],
    ['an impossible date', { effectiveDate: '2026-02-30' }, 'effectiveDate: Effective date is required'],
    ['an impossible date in a date-time', { effectiveDate: '2026-02-30T10:00:00Z' }, 'effectiveDate: Effective date is required'],
    ['a date in another format', { effectiveDate: '03/01/2026' }, 'effectiveDate: Effective date is required'],
    ['a date-time without an offset', { effectiveDate: '2026-03-01T10:00:00' }, 'effectiveDate: Effective date is required'],
    ['a missing provider', { provider: undefined }, 'provider: Insurance provider is required'],
    ['a blank provider', { provider: '   ' }, 'provider: Insurance provider is required'],
    ['a missing member id', { memberId: undefined }, 'memberId: Member ID is required'],
    ['an empty member id', { memberId: '' }, 'memberId: Member ID is required'],
    ['a member id over 100 characters', { memberId: 'M'.repeat(101) }, 'memberId: must be at most 100 characters'],
    ['a group number over 100 characters', { groupNumber: 'G'.repeat(101) }, 'groupNumber: must be at most 100 characters'],
    ['an empty plan type', { planType: '' }, PLAN_TYPE_REQUIRED],
    ['a plan type outside the list', { planType: 'Gold' }, PLAN_TYPE_REQUIRED],
    ['a listed plan type in lower case', { planType: 'ppo' }, PLAN_TYPE_REQUIRED],
    ['a plan type of null', { planType: null }, PLAN_TYPE_REQUIRED],
    ['a deductible met above the deductible', { deductible: 1000, deductibleMet: 1001 }, DEDUCTIBLE_MET_ABOVE],
    ['a deductible met with the deductible left empty', { deductible: '', deductibleMet: 1 }, DEDUCTIBLE_MET_ABOVE],
    ['a deductible met with the deductible left out', { deductible: undefined, deductibleMet: 1 }, DEDUCTIBLE_MET_ABOVE],
    ['an out-of-pocket met above the maximum', { outOfPocketMax: 5000, outOfPocketMet: 5001 }, OUT_OF_POCKET_MET_ABOVE],
    ['an out-of-pocket met with the maximum left out', { outOfPocketMax: undefined, outOfPocketMet: 1 }, OUT_OF_POCKET_MET_ABOVE],
    ['both met amounts above their totals, naming the deductible first', { deductibleMet: 1501, outOfPocketMet: 5001 }, DEDUCTIBLE_MET_ABOVE],
    ['isPrimary as text', { isPrimary: 'true' }, 'isPrimary: must be true or false'],
    ['a missing user id', { userId: undefined }, 'userId: must be a positive whole number'],
    ['a string user id', { userId: '1' }, 'userId: must be a positive whole number'],
  ])('refuses %s with 400', async (_case, overrides, message) => {
    await expectRefused(t, 'POST', '/api/insurance', newPlan(overrides), 400, message);
  });

  it.each(PLAN_TYPES)('accepts the plan type %s', async (planType) => {
    const response = await api(t.app, 'POST', '/api/insurance', newPlan({ planType }));
    expect(response.status).toBe(201);
    expect(response.body.planType).toBe(planType);
  });

  it('accepts met amounts equal to their totals', async () => {
    const response = await api(t.app, 'POST', '/api/insurance', newPlan({ deductibleMet: 1500, outOfPocketMet: 5000 }));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ deductible: 1500, deductibleMet: 1500, outOfPocketMax: 5000, outOfPocketMet: 5000 });
  });

  it("answers 404 for another user's id and one that does not exist", async () => {
    await expectRefused(t, 'POST', '/api/insurance', newPlan({ userId: t.otherUserId }), 404, 'User not found');
    await expectRefused(t, 'POST', '/api/insurance', newPlan({ userId: 999 }), 404, 'User not found');
  });
});

describe('PATCH /api/insurance/{id}', () => {
  it('checks two simultaneous edits against each other: the second one that would break the met rule is refused by name', async () => {
    const plan = await createInsurancePlan(t.db, t.userId, { deductible: 1000, deductibleMet: 200 });
    const responses = await Promise.all([
      api(t.app, 'PATCH', `/api/insurance/${plan.id}`, { deductible: 300 }),
      api(t.app, 'PATCH', `/api/insurance/${plan.id}`, { deductibleMet: 900 }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 400]);
    // Each alone is valid; the plan is locked while one is checked, so the other is checked against its result.
    expect(responses.find((response) => response.status === 400)!.body).toEqual({
      message: 'deductibleMet: Deductible met cannot exceed the deductible',
    });
    const [stored] = (await api(t.app, 'GET', `/api/insurance/${t.userId}`)).body;
    expect(stored.deductibleMet).toBeLessThanOrEqual(stored.deductible);
  });

  it('changes only the fields sent, records the activity, and answers 200 with the updated row', async () => {
    const plan = await createInsurancePlan(t.db, t.userId, { groupNumber: 'G-1' });
    const response = await api(t.app, 'PATCH', `/api/insurance/${plan.id}`, {
      userId: t.userId,
      provider: 'Blue Shield',
      memberId: 'BS-9',
      deductibleMet: 650,
    });
    expect(response.status).toBe(200);
    const updated = { ...plan, provider: 'Blue Shield', memberId: 'BS-9', deductibleMet: 650 };
    expect(response.body).toEqual(updated);
    expect((await api(t.app, 'GET', `/api/insurance/${t.userId}`)).body).toEqual([updated]);

    expect(await activitiesOfPatient()).toEqual([
      expect.objectContaining({
        userId: t.userId,
        activityType: 'insurance_updated',
        description: 'Updated Blue Shield insurance information',
        iconType: 'health_and_safety',
        relatedItemId: plan.id,
      }),
    ]);
  });

  it('accepts the whole form as the edit dialog sends it', async () => {
    const plan = await createInsurancePlan(t.db, t.userId);
    const response = await api(t.app, 'PATCH', `/api/insurance/${plan.id}`, newPlan());
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...newPlan(), id: plan.id });
  });

  it('stores an empty group number as none and counts empty amounts as 0', async () => {
    const plan = await createInsurancePlan(t.db, t.userId, { groupNumber: 'G-1' });
    const response = await api(t.app, 'PATCH', `/api/insurance/${plan.id}`, {
      groupNumber: '',
      deductible: '',
      deductibleMet: '',
      outOfPocketMax: '',
      outOfPocketMet: '',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...plan, groupNumber: null, deductible: 0, deductibleMet: 0, outOfPocketMax: 0, outOfPocketMet: 0 });
  });

  it.each([
    ['a plain date', '2026-03-01'],
    ['a date-time late in the evening west of UTC', '2026-03-01T23:30:00-05:00'],
    ['a date-time just after midnight east of UTC', '2026-03-01T00:30:00+09:00'],
  ])('keeps the written calendar date of %s', async (_case, effectiveDate) => {
    const plan = await createInsurancePlan(t.db, t.userId);
    const response = await api(t.app, 'PATCH', `/api/insurance/${plan.id}`, { effectiveDate });
    expect(response.status).toBe(200);
    expect(response.body.effectiveDate).toBe('2026-03-01');
    const [stored] = (await api(t.app, 'GET', `/api/insurance/${t.userId}`)).body;
    expect(stored.effectiveDate).toBe('2026-03-01');
  });

  it('lets the primary plan stay primary, and a plan become primary once the old one is not', async () => {
    const primary = await createInsurancePlan(t.db, t.userId);
    const secondary = await createInsurancePlan(t.db, t.userId, { isPrimary: false });

    const same = await api(t.app, 'PATCH', `/api/insurance/${primary.id}`, { isPrimary: true });
    expect(same.status).toBe(200);
    expect(same.body.isPrimary).toBe(true);

    expect((await api(t.app, 'PATCH', `/api/insurance/${primary.id}`, { isPrimary: false })).status).toBe(200);
    const promoted = await api(t.app, 'PATCH', `/api/insurance/${secondary.id}`, { isPrimary: true });
    expect(promoted.status).toBe(200);
    expect(promoted.body.isPrimary).toBe(true);

    const list = await api(t.app, 'GET', `/api/insurance/${t.userId}`);
    expect(list.body.map((plan: { id: number; isPrimary: boolean }) => [plan.id, plan.isPrimary])).toEqual([
      [secondary.id, true],
      [primary.id, false],
    ]);
  });

  it('refuses to make a second plan primary with 409', async () => {
    await createInsurancePlan(t.db, t.userId);
    const secondary = await createInsurancePlan(t.db, t.userId, { isPrimary: false });
    await expectRefused(t, 'PATCH', `/api/insurance/${secondary.id}`, { isPrimary: true }, 409, PRIMARY_EXISTS);
    await expectRefused(t, 'PATCH', `/api/insurance/${secondary.id}`, newPlan({ isPrimary: true }), 409, PRIMARY_EXISTS);
  });

  it('leaves the plan unchanged when its activity cannot be recorded', async () => {
    const plan = await createInsurancePlan(t.db, t.userId);
    await withFailingActivityLog(t.db, async () => {
      await expectRefused(t, 'PATCH', `/api/insurance/${plan.id}`, { provider: 'Blue Shield' }, 500, INTERNAL_ERROR);
    });
  });

  it.each([
    ['an empty body', {}, 'Nothing to update'],
    ['a body with only the user id', { userId: 1 }, 'Nothing to update'],
    ['a body with only unknown fields', { id: 7, coverage: 'full' }, 'Nothing to update'],
    ['a negative deductible', { deductible: -1 }, 'deductible: Deductible cannot be negative'],
    ['a negative deductible met', { deductibleMet: -1 }, 'deductibleMet: Deductible met cannot be negative'],
    ['a negative out-of-pocket maximum', { outOfPocketMax: -1 }, 'outOfPocketMax: Out-of-pocket maximum cannot be negative'],
    ['a negative out-of-pocket met', { outOfPocketMet: -1 }, 'outOfPocketMet: Out-of-pocket met cannot be negative'],
    ['a fractional amount', { outOfPocketMet: 0.5 }, 'outOfPocketMet: must be a whole number'],
    ['an effective date of null', { effectiveDate: null }, 'effectiveDate: Effective date is required'],
    ['an empty effective date', { effectiveDate: '' }, 'effectiveDate: Effective date is required'],
    ['an impossible date', { effectiveDate: '2026-02-30' }, 'effectiveDate: Effective date is required'],
    ['a blank provider', { provider: ' ' }, 'provider: Insurance provider is required'],
    ['an empty member id', { memberId: '' }, 'memberId: Member ID is required'],
    ['an empty plan type', { planType: '' }, PLAN_TYPE_REQUIRED],
    ['a plan type outside the list', { planType: 'Gold' }, PLAN_TYPE_REQUIRED],
    ['a listed plan type in lower case', { planType: 'ppo' }, PLAN_TYPE_REQUIRED],
    ['isPrimary of null', { isPrimary: null }, 'isPrimary: must be true or false'],
    ['a string user id', { userId: '1', provider: 'Blue Shield' }, 'userId: must be a positive whole number'],
  ])('refuses %s with 400', async (_case, body, message) => {
    const plan = await createInsurancePlan(t.db, t.userId);
    await expectRefused(t, 'PATCH', `/api/insurance/${plan.id}`, body, 400, message);
  });

  it.each(PLAN_TYPES)('accepts the plan type %s', async (planType) => {
    const plan = await createInsurancePlan(t.db, t.userId, { planType: planType === 'PPO' ? 'HMO' : 'PPO' });
    const response = await api(t.app, 'PATCH', `/api/insurance/${plan.id}`, { planType });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...plan, planType });
  });

  // The stored plan has a deductible of 1000 with 200 met, and an out-of-pocket maximum of 4000 with 500 met.
  it.each([
    ['a deductible met above the stored deductible', { deductibleMet: 1001 }, DEDUCTIBLE_MET_ABOVE],
    ['a deductible below the stored deductible met', { deductible: 199 }, DEDUCTIBLE_MET_ABOVE],
    ['an empty deductible, counted as 0, below the stored met', { deductible: '' }, DEDUCTIBLE_MET_ABOVE],
    ['a deductible and its met sent together, the met above', { deductible: 100, deductibleMet: 101 }, DEDUCTIBLE_MET_ABOVE],
    ['an out-of-pocket met above the stored maximum', { outOfPocketMet: 4001 }, OUT_OF_POCKET_MET_ABOVE],
    ['an out-of-pocket maximum below the stored met', { outOfPocketMax: 499 }, OUT_OF_POCKET_MET_ABOVE],
    ['a maximum and its met sent together, the met above', { outOfPocketMax: 100, outOfPocketMet: 101 }, OUT_OF_POCKET_MET_ABOVE],
    ['both met amounts above, naming the deductible first', { deductibleMet: 1001, outOfPocketMet: 4001 }, DEDUCTIBLE_MET_ABOVE],
    ['a met amount above its total with other fields that are fine', { provider: 'Blue Shield', deductible: 150 }, DEDUCTIBLE_MET_ABOVE],
  ])('refuses %s with 400, changing nothing and recording no activity', async (_case, body, message) => {
    const plan = await createInsurancePlan(t.db, t.userId);
    await expectRefused(t, 'PATCH', `/api/insurance/${plan.id}`, body, 400, message);
    expect((await api(t.app, 'GET', `/api/insurance/${t.userId}`)).body).toEqual([plan]);
    expect(await activitiesOfPatient()).toEqual([]);
  });

  it.each([
    ['a deductible met equal to the stored deductible', { deductibleMet: 1000 }],
    ['a deductible equal to the stored met', { deductible: 200 }],
    ['a lower deductible with a met lowered to fit', { deductible: 100, deductibleMet: 50 }],
    ['a higher met with a deductible raised to fit', { deductible: 3000, deductibleMet: 2500 }],
    ['an out-of-pocket met equal to the stored maximum', { outOfPocketMet: 4000 }],
    ['an out-of-pocket maximum equal to the stored met', { outOfPocketMax: 500 }],
    ['a lower maximum with a met lowered to fit', { outOfPocketMax: 300, outOfPocketMet: 300 }],
  ])('accepts %s', async (_case, body) => {
    const plan = await createInsurancePlan(t.db, t.userId);
    const response = await api(t.app, 'PATCH', `/api/insurance/${plan.id}`, body);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...plan, ...body });
    expect(await activitiesOfPatient()).toEqual([expect.objectContaining({ activityType: 'insurance_updated', relatedItemId: plan.id })]);
  });

  it("answers 404 for another user's plan, one that does not exist, and another user's id in the body", async () => {
    const theirs = await createInsurancePlan(t.db, t.otherUserId);
    const mine = await createInsurancePlan(t.db, t.userId, { isPrimary: false });
    await expectRefused(t, 'PATCH', `/api/insurance/${theirs.id}`, { provider: 'Mine now' }, 404, 'Insurance plan not found');
    await expectRefused(t, 'PATCH', `/api/insurance/${theirs.id}`, { userId: t.userId, isPrimary: false }, 404, 'Insurance plan not found');
    // Checked against their stored amounts, this would tell whether they have met any of their deductible.
    await expectRefused(t, 'PATCH', `/api/insurance/${theirs.id}`, { deductible: 0 }, 404, 'Insurance plan not found');
    await expectRefused(t, 'PATCH', '/api/insurance/999', { provider: 'Blue Shield' }, 404, 'Insurance plan not found');
    await expectRefused(t, 'PATCH', `/api/insurance/${mine.id}`, { userId: t.otherUserId, provider: 'Blue Shield' }, 404, 'User not found');
  });

  it('answers 400 for a malformed id', async () => {
    await createInsurancePlan(t.db, t.userId);
    for (const bad of ['abc', '0', '-1', '1.5', '1e3']) {
      await expectRefused(t, 'PATCH', `/api/insurance/${bad}`, { provider: 'Blue Shield' }, 400, 'id: must be a positive whole number');
    }
  });
});

describe('POST /api/insurance/benefits', () => {
  it('stores the benefit on the plan, answers 201 with the row, and records no activity', async () => {
    const plan = await createInsurancePlan(t.db, t.userId);
    const earlier = await createBenefit(t.db, plan.id, 'Primary care visit');
    const response = await api(t.app, 'POST', '/api/insurance/benefits', newBenefit(plan.id));
    expect(response.status).toBe(201);
    const created = {
      id: earlier.id + 1,
      insuranceId: plan.id,
      serviceName: 'Specialist visit',
      inNetworkCoverage: '$40 copay',
      outOfNetworkCoverage: '60% after deductible',
    };
    expect(response.body).toEqual(created);
    expect(await benefitsOf(plan.id)).toEqual([earlier, created]);
    expect(await activitiesOfPatient()).toEqual([]);
  });

  it('accepts a plan that is not the primary one', async () => {
    await createInsurancePlan(t.db, t.userId);
    const secondary = await createInsurancePlan(t.db, t.userId, { isPrimary: false });
    const response = await api(t.app, 'POST', '/api/insurance/benefits', newBenefit(secondary.id));
    expect(response.status).toBe(201);
    expect(await benefitsOf(secondary.id)).toEqual([response.body]);
  });

  it('trims the texts, and leaves a coverage that is not given, or blank, empty', async () => {
    const plan = await createInsurancePlan(t.db, t.userId);
    const trimmed = await api(t.app, 'POST', '/api/insurance/benefits', newBenefit(plan.id, {
      serviceName: '  X-ray  ',
      inNetworkCoverage: ' $20 copay ',
      outOfNetworkCoverage: '   ',
    }));
    expect(trimmed.status).toBe(201);
    expect(trimmed.body).toMatchObject({ serviceName: 'X-ray', inNetworkCoverage: '$20 copay', outOfNetworkCoverage: '' });

    const bare = await api(t.app, 'POST', '/api/insurance/benefits', { insuranceId: plan.id, serviceName: 'Urgent care' });
    expect(bare.status).toBe(201);
    expect(bare.body).toEqual({ id: trimmed.body.id + 1, insuranceId: plan.id, serviceName: 'Urgent care', inNetworkCoverage: '', outOfNetworkCoverage: '' });
    expect(await benefitsOf(plan.id)).toEqual([trimmed.body, bare.body]);
  });

  it('accepts texts of 200 characters', async () => {
    const plan = await createInsurancePlan(t.db, t.userId);
    const long = 'x'.repeat(200);
    const response = await api(t.app, 'POST', '/api/insurance/benefits', newBenefit(plan.id, {
      serviceName: long,
      inNetworkCoverage: long,
      outOfNetworkCoverage: long,
    }));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ serviceName: long, inNetworkCoverage: long, outOfNetworkCoverage: long });
  });

  it.each([
    ['an empty body', {}, 'serviceName: Service name is required'],
    ['a missing service name', { serviceName: undefined }, 'serviceName: Service name is required'],
    ['an empty service name', { serviceName: '' }, 'serviceName: Service name is required'],
    ['a blank service name', { serviceName: '   ' }, 'serviceName: Service name is required'],
    ['a service name of null', { serviceName: null }, 'serviceName: Service name is required'],
    ['a service name that is not text', { serviceName: 42 }, 'serviceName: Service name is required'],
    ['a service name over 200 characters', { serviceName: 'S'.repeat(201) }, 'serviceName: must be at most 200 characters'],
    ['an in-network coverage over 200 characters', { inNetworkCoverage: 'C'.repeat(201) }, 'inNetworkCoverage: must be at most 200 characters'],
    ['an out-of-network coverage over 200 characters', { outOfNetworkCoverage: 'C'.repeat(201) }, 'outOfNetworkCoverage: must be at most 200 characters'],
    ['an in-network coverage that is not text', { inNetworkCoverage: 20 }, 'inNetworkCoverage: must be text'],
    ['an out-of-network coverage of null', { outOfNetworkCoverage: null }, 'outOfNetworkCoverage: must be text'],
    ['a missing insurance id', { insuranceId: undefined }, 'insuranceId: must be a positive whole number'],
    ['an insurance id sent as text', { insuranceId: '1' }, 'insuranceId: must be a positive whole number'],
    ['an insurance id of 0', { insuranceId: 0 }, 'insuranceId: must be a positive whole number'],
    ['a fractional insurance id', { insuranceId: 1.5 }, 'insuranceId: must be a positive whole number'],
    ['an insurance id beyond the largest id', { insuranceId: 2_147_483_648 }, 'insuranceId: must be a positive whole number'],
  ])('refuses %s with 400', async (_case, overrides, message) => {
    const plan = await createInsurancePlan(t.db, t.userId);
    const body = Object.keys(overrides).length === 0 ? {} : newBenefit(plan.id, overrides);
    await expectRefused(t, 'POST', '/api/insurance/benefits', body, 400, message);
  });

  it("answers 404 for another user's plan and one that does not exist, adding nothing", async () => {
    await createInsurancePlan(t.db, t.userId);
    const theirs = await createInsurancePlan(t.db, t.otherUserId);
    await createBenefit(t.db, theirs.id);
    await expectRefused(t, 'POST', '/api/insurance/benefits', newBenefit(theirs.id), 404, 'Insurance plan not found');
    await expectRefused(t, 'POST', '/api/insurance/benefits', newBenefit(999), 404, 'Insurance plan not found');
  });
});

describe('PATCH /api/insurance/benefits/{id}', () => {
  it('changes only the texts sent, answers 200 with the updated row, and records no activity', async () => {
    const plan = await createInsurancePlan(t.db, t.userId);
    const benefit = await createBenefit(t.db, plan.id, 'Primary care visit');
    const other = await createBenefit(t.db, plan.id, 'X-ray');
    const response = await api(t.app, 'PATCH', `/api/insurance/benefits/${benefit.id}`, { inNetworkCoverage: '$25 copay' });
    expect(response.status).toBe(200);
    const updated = { ...benefit, inNetworkCoverage: '$25 copay' };
    expect(response.body).toEqual(updated);
    expect(await benefitsOf(plan.id)).toEqual([updated, other]);
    expect(await activitiesOfPatient()).toEqual([]);
  });

  it('changes all three texts, trimmed, and can empty a coverage', async () => {
    const plan = await createInsurancePlan(t.db, t.userId);
    const benefit = await createBenefit(t.db, plan.id);
    const response = await api(t.app, 'PATCH', `/api/insurance/benefits/${benefit.id}`, {
      serviceName: '  Specialist visit ',
      inNetworkCoverage: ' $40 copay ',
      outOfNetworkCoverage: '',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...benefit, serviceName: 'Specialist visit', inNetworkCoverage: '$40 copay', outOfNetworkCoverage: '' });
    expect(await benefitsOf(plan.id)).toEqual([response.body]);
  });

  it('keeps the benefit on its plan when the body names another plan', async () => {
    const plan = await createInsurancePlan(t.db, t.userId);
    const secondary = await createInsurancePlan(t.db, t.userId, { isPrimary: false });
    const benefit = await createBenefit(t.db, plan.id);
    const response = await api(t.app, 'PATCH', `/api/insurance/benefits/${benefit.id}`, { insuranceId: secondary.id, serviceName: 'X-ray' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...benefit, serviceName: 'X-ray' });
    expect(await benefitsOf(secondary.id)).toEqual([]);
  });

  it.each([
    ['an empty body', {}, 'Nothing to update'],
    ['a body with only unknown fields', { id: 7, copay: 25 }, 'Nothing to update'],
    ['a body with only the plan', { insuranceId: 1 }, 'Nothing to update'],
    ['an empty service name', { serviceName: '' }, 'serviceName: Service name is required'],
    ['a blank service name', { serviceName: '  ' }, 'serviceName: Service name is required'],
    ['a service name of null', { serviceName: null }, 'serviceName: Service name is required'],
    ['a service name over 200 characters', { serviceName: 'S'.repeat(201) }, 'serviceName: must be at most 200 characters'],
    ['an in-network coverage over 200 characters', { inNetworkCoverage: 'C'.repeat(201) }, 'inNetworkCoverage: must be at most 200 characters'],
    ['an out-of-network coverage over 200 characters', { outOfNetworkCoverage: 'C'.repeat(201) }, 'outOfNetworkCoverage: must be at most 200 characters'],
    ['an in-network coverage of null', { inNetworkCoverage: null }, 'inNetworkCoverage: must be text'],
    ['an out-of-network coverage that is not text', { outOfNetworkCoverage: ['50%'] }, 'outOfNetworkCoverage: must be text'],
  ])('refuses %s with 400', async (_case, body, message) => {
    const plan = await createInsurancePlan(t.db, t.userId);
    const benefit = await createBenefit(t.db, plan.id);
    await expectRefused(t, 'PATCH', `/api/insurance/benefits/${benefit.id}`, body, 400, message);
  });

  it('answers 400 for a malformed id', async () => {
    await createBenefit(t.db, (await createInsurancePlan(t.db, t.userId)).id);
    for (const bad of MALFORMED_IDS) {
      await expectRefused(t, 'PATCH', `/api/insurance/benefits/${bad}`, { serviceName: 'X-ray' }, 400, 'id: must be a positive whole number');
    }
  });

  it("answers 404 for another user's benefit and one that does not exist, changing nothing", async () => {
    await createBenefit(t.db, (await createInsurancePlan(t.db, t.userId)).id);
    const theirs = await createBenefit(t.db, (await createInsurancePlan(t.db, t.otherUserId)).id);
    await expectRefused(t, 'PATCH', `/api/insurance/benefits/${theirs.id}`, { serviceName: 'Mine now' }, 404, 'Benefit not found');
    await expectRefused(t, 'PATCH', '/api/insurance/benefits/999', { serviceName: 'X-ray' }, 404, 'Benefit not found');
  });
});

describe('DELETE /api/insurance/benefits/{id}', () => {
  it('removes the benefit, answers 204, keeps the others, and records no activity', async () => {
    const plan = await createInsurancePlan(t.db, t.userId);
    const benefit = await createBenefit(t.db, plan.id, 'Primary care visit');
    const other = await createBenefit(t.db, plan.id, 'X-ray');
    const response = await api(t.app, 'DELETE', `/api/insurance/benefits/${benefit.id}`);
    expect(response.status).toBe(204);
    expect(response.body).toBe('');
    expect(await benefitsOf(plan.id)).toEqual([other]);
    expect(await activitiesOfPatient()).toEqual([]);
    expect((await snapshotData(t.db)).insurance_plans).toHaveLength(1);
  });

  it('answers 404 the second time', async () => {
    const benefit = await createBenefit(t.db, (await createInsurancePlan(t.db, t.userId)).id);
    expect((await api(t.app, 'DELETE', `/api/insurance/benefits/${benefit.id}`)).status).toBe(204);
    await expectRefused(t, 'DELETE', `/api/insurance/benefits/${benefit.id}`, undefined, 404, 'Benefit not found');
  });

  it('answers 400 for a malformed id', async () => {
    await createBenefit(t.db, (await createInsurancePlan(t.db, t.userId)).id);
    for (const bad of MALFORMED_IDS) {
      await expectRefused(t, 'DELETE', `/api/insurance/benefits/${bad}`, undefined, 400, 'id: must be a positive whole number');
    }
  });

  it("answers 404 for another user's benefit and one that does not exist, deleting nothing", async () => {
    await createBenefit(t.db, (await createInsurancePlan(t.db, t.userId)).id);
    const theirs = await createBenefit(t.db, (await createInsurancePlan(t.db, t.otherUserId)).id);
    await expectRefused(t, 'DELETE', `/api/insurance/benefits/${theirs.id}`, undefined, 404, 'Benefit not found');
    await expectRefused(t, 'DELETE', '/api/insurance/benefits/999', undefined, 404, 'Benefit not found');
  });
});
