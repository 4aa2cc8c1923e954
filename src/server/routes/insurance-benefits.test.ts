import { describe, expect, it } from 'vitest';
import { createBenefit, createInsurancePlan } from '../../testing/factories';
import { activitiesOfPatient } from '../../testing/patient-lists';
import { api, expectRefused, snapshotData, useTestApp } from '../../testing/test-app';

const t = useTestApp();

/** A complete POST /api/insurance/benefits payload as the benefit form sends it. */
function newBenefit(insuranceId: number, overrides: Record<string, unknown> = {}) {
  return { insuranceId, serviceName: 'Specialist visit', inNetworkCoverage: '$40 copay', outOfNetworkCoverage: '60% after deductible', ...overrides };
}

async function benefitsOf(insuranceId: number) {
  return (await api(t.app, 'GET', `/api/insurance/benefits/${insuranceId}`)).body;
}

const MALFORMED_IDS = ['abc', '0', '-1', '1.5', '1e3', '2147483648'];

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
    expect(await activitiesOfPatient(t)).toEqual([]);
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
    expect(await activitiesOfPatient(t)).toEqual([]);
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
    expect(await activitiesOfPatient(t)).toEqual([]);
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
