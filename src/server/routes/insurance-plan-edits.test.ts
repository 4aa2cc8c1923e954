import { describe, expect, it } from 'vitest';
import { createInsurancePlan } from '../../testing/factories';
import { activitiesOfPatient } from '../../testing/patient-lists';
import { INTERNAL_ERROR, api, expectRefused, useTestApp, withFailingActivityLog } from '../../testing/test-app';
import { DEDUCTIBLE_MET_ABOVE, OUT_OF_POCKET_MET_ABOVE, PLAN_TYPE_REQUIRED, PLAN_TYPES, PRIMARY_EXISTS, newPlan } from '../../testing/insurance-fixtures';

const t = useTestApp();

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

    expect(await activitiesOfPatient(t)).toEqual([
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
    const response = await api(t.app, 'PATCH', `/api/insurance/${plan.id}`, newPlan(t));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...newPlan(t), id: plan.id });
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
    await expectRefused(t, 'PATCH', `/api/insurance/${secondary.id}`, newPlan(t, { isPrimary: true }), 409, PRIMARY_EXISTS);
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
    expect(await activitiesOfPatient(t)).toEqual([]);
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
    expect(await activitiesOfPatient(t)).toEqual([expect.objectContaining({ activityType: 'insurance_updated', relatedItemId: plan.id })]);
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
