import { describe, expect, it } from 'vitest';
import { createInsurancePlan } from '../../testing/factories';
import { activitiesOfPatient } from '../../testing/patient-lists';
import { INTERNAL_ERROR, api, expectRefused, snapshotData, useTestApp, withFailingActivityLog } from '../../testing/test-app';
import { DEDUCTIBLE_MET_ABOVE, OUT_OF_POCKET_MET_ABOVE, PLAN_TYPE_REQUIRED, PLAN_TYPES, PRIMARY_EXISTS, newPlan } from '../../testing/insurance-fixtures';

// The insurance plans: listing and adding them. Editing a plan: insurance-plan-edits.test.ts; benefits: insurance-benefits.test.ts.

const t = useTestApp();

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

describe('POST /api/insurance', () => {
  it('stores the plan, records the activity, and answers 201 with the created row', async () => {
    const response = await api(t.app, 'POST', '/api/insurance', newPlan(t));
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

    expect(await activitiesOfPatient(t)).toEqual([
      expect.objectContaining({
        userId: t.userId,
        activityType: 'insurance_added',
        description: 'Added Blue Shield insurance plan',
        iconType: 'health_and_safety',
        relatedItemId: 1,
      }),
    ]);
  });

  it('fills the defaults of part 1 §3 (docs/product.md#part-1-3): plan type PPO, amounts 0, primary, no group number', async () => {
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
    const response = await api(t.app, 'POST', '/api/insurance', newPlan(t, {
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
    const blank = await api(t.app, 'POST', '/api/insurance', newPlan(t, { groupNumber: '   ', isPrimary: false }));
    expect(blank.body.groupNumber).toBeNull();
  });

  it.each([
    ['a plain date', '2026-03-01'],
    ['a date-time late in the evening west of UTC', '2026-03-01T23:30:00-05:00'],
    ['a date-time just after midnight east of UTC', '2026-03-01T00:30:00+09:00'],
    ['a UTC date-time with milliseconds', '2026-03-01T12:00:00.000Z'],
  ])('keeps the written calendar date of %s', async (_case, effectiveDate) => {
    const response = await api(t.app, 'POST', '/api/insurance', newPlan(t, { effectiveDate }));
    expect(response.status).toBe(201);
    expect(response.body.effectiveDate).toBe('2026-03-01');
    const [stored] = (await api(t.app, 'GET', `/api/insurance/${t.userId}`)).body;
    expect(stored.effectiveDate).toBe('2026-03-01');
  });

  it('accepts a non-primary plan while a primary one exists', async () => {
    const primary = await createInsurancePlan(t.db, t.userId);
    const response = await api(t.app, 'POST', '/api/insurance', newPlan(t, { isPrimary: false }));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ id: primary.id + 1, isPrimary: false });
    const list = await api(t.app, 'GET', `/api/insurance/${t.userId}`);
    expect(list.body.map((plan: { id: number }) => plan.id)).toEqual([primary.id, primary.id + 1]);
  });

  it("accepts a primary plan while only another user's plan is primary", async () => {
    await createInsurancePlan(t.db, t.otherUserId);
    const response = await api(t.app, 'POST', '/api/insurance', newPlan(t));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ userId: t.userId, isPrimary: true });
  });

  it('refuses a second primary plan with 409, whether isPrimary is sent or left to its default', async () => {
    await createInsurancePlan(t.db, t.userId);
    await expectRefused(t, 'POST', '/api/insurance', newPlan(t, { isPrimary: true }), 409, PRIMARY_EXISTS);
    await expectRefused(t, 'POST', '/api/insurance', newPlan(t, { isPrimary: undefined }), 409, PRIMARY_EXISTS);
  });

  it('lets only one of two simultaneous primary plans through', async () => {
    const responses = await Promise.all([
      api(t.app, 'POST', '/api/insurance', newPlan(t, { provider: 'First' })),
      api(t.app, 'POST', '/api/insurance', newPlan(t, { provider: 'Second' })),
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
      await expectRefused(t, 'POST', '/api/insurance', newPlan(t), 500, INTERNAL_ERROR);
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
    await expectRefused(t, 'POST', '/api/insurance', newPlan(t, overrides), 400, message);
  });

  it.each(PLAN_TYPES)('accepts the plan type %s', async (planType) => {
    const response = await api(t.app, 'POST', '/api/insurance', newPlan(t, { planType }));
    expect(response.status).toBe(201);
    expect(response.body.planType).toBe(planType);
  });

  it('accepts met amounts equal to their totals', async () => {
    const response = await api(t.app, 'POST', '/api/insurance', newPlan(t, { deductibleMet: 1500, outOfPocketMet: 5000 }));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ deductible: 1500, deductibleMet: 1500, outOfPocketMax: 5000, outOfPocketMet: 5000 });
  });

  it("answers 404 for another user's id and one that does not exist", async () => {
    await expectRefused(t, 'POST', '/api/insurance', newPlan(t, { userId: t.otherUserId }), 404, 'User not found');
    await expectRefused(t, 'POST', '/api/insurance', newPlan(t, { userId: 999 }), 404, 'User not found');
  });
});
