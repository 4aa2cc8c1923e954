import { describe, expect, it } from 'vitest';
import { CODE_SYSTEMS } from '../../shared/rules/codes';
import { createAllergy, createCareItem, createCondition, createImmunization } from '../../testing/factories';
import { api, expectRefused, useTestApp } from '../../testing/test-app';

const t = useTestApp();

const SNOMED_ASTHMA = { system: CODE_SYSTEMS.snomed, code: '195967001', display: 'Asthma' };
const CVX_TDAP = { system: CODE_SYSTEMS.cvx, code: '115', display: 'Tdap' };

const list = async (path: string) => (await api(t.app, 'GET', `/api/${path}/${t.userId}`)).body;
const profile = async () => (await api(t.app, 'GET', `/api/users/${t.userId}`)).body;
const saveProfile = async (body: object) => api(t.app, 'PATCH', `/api/users/${t.userId}`, body);

describe('conditions', () => {
  it('adds, changes and removes a condition with its codes and dates; only the patient’s own are listed', async () => {
    await createCondition(t.db, t.otherUserId, { name: 'Not yours' });
    const created = await api(t.app, 'POST', '/api/conditions', {
      userId: t.userId,
      name: '  Asthma ',
      codes: [SNOMED_ASTHMA],
      onsetDate: '2015-03-01',
      note: 'Mild',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ userId: t.userId, name: 'Asthma', codes: [SNOMED_ASTHMA], clinicalStatus: 'active', onsetDate: '2015-03-01', abatementDate: null, note: 'Mild' });

    const changed = await api(t.app, 'PATCH', `/api/conditions/${created.body.id}`, { clinicalStatus: 'resolved', abatementDate: '2020-06-30' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ clinicalStatus: 'resolved', abatementDate: '2020-06-30', codes: [SNOMED_ASTHMA] });
    expect(await list('conditions')).toEqual([changed.body]);

    expect((await api(t.app, 'DELETE', `/api/conditions/${created.body.id}`)).status).toBe(204);
    expect(await list('conditions')).toEqual([]);
  });

  it('refuses an end before the onset, against the stored date when only one is sent, and changes nothing', async () => {
    await expectRefused(t, 'POST', '/api/conditions', { userId: t.userId, name: 'Flu', onsetDate: '2024-02-01', abatementDate: '2024-01-01' }, 400, 'abatementDate: must be on or after the onset date');
    const { id } = await createCondition(t.db, t.userId, { onsetDate: '2024-02-01' });
    await expectRefused(t, 'PATCH', `/api/conditions/${id}`, { abatementDate: '2024-01-31' }, 400, 'abatementDate: must be on or after the onset date');
    const ended = await createCondition(t.db, t.userId, { onsetDate: '2024-02-01', abatementDate: '2024-03-01', clinicalStatus: 'resolved' });
    await expectRefused(t, 'PATCH', `/api/conditions/${ended.id}`, { onsetDate: '2024-04-01' }, 400, 'onsetDate: must be on or before the end date');
  });

  it('names the field of a bad body', async () => {
    await expectRefused(t, 'POST', '/api/conditions', { userId: t.userId, name: ' ' }, 400, 'name: Condition name is required');
    await expectRefused(t, 'POST', '/api/conditions', { userId: t.userId, name: 'Flu', clinicalStatus: 'cured' }, 400, 'clinicalStatus: must be one of active, recurrence, relapse, inactive, remission, resolved');
    await expectRefused(t, 'POST', '/api/conditions', { userId: t.userId, name: 'Flu', codes: [{ system: '', code: '1' }] }, 400, 'codes.0.system: must name its code system');
    const { id } = await createCondition(t.db, t.userId);
    await expectRefused(t, 'PATCH', `/api/conditions/${id}`, {}, 400, 'Nothing to update');
  });
});

describe('allergies and immunizations', () => {
  it('keep reactions, criticality and codes; immunizations come most recent first', async () => {
    const allergy = await api(t.app, 'POST', '/api/allergies', {
      userId: t.userId,
      substance: 'Penicillin',
      type: 'allergy',
      criticality: 'high',
      reactions: [{ manifestation: 'Hives', severity: 'moderate' }, { manifestation: 'Wheezing' }],
    });
    expect(allergy.status).toBe(201);
    expect(allergy.body).toMatchObject({ status: 'active', criticality: 'high', reactions: [{ manifestation: 'Hives', severity: 'moderate' }, { manifestation: 'Wheezing', severity: null }] });
    await expectRefused(t, 'PATCH', `/api/allergies/${allergy.body.id}`, { criticality: 'deadly' }, 400, 'criticality: must be one of low, high, unable-to-assess');

    const older = await createImmunization(t.db, t.userId, { date: '2019-05-01' });
    const newer = await api(t.app, 'POST', '/api/immunizations', { userId: t.userId, vaccine: 'Tdap', codes: [CVX_TDAP], date: '2025-05-01', doseNumber: 2, lotNumber: 'AB12' });
    expect(newer.status).toBe(201);
    expect((await list('immunizations')).map((item: { id: number }) => item.id)).toEqual([newer.body.id, older.id]);
    await expectRefused(t, 'POST', '/api/immunizations', { userId: t.userId, vaccine: 'Tdap' }, 400, 'date: Date given is required');
    await expectRefused(t, 'PATCH', `/api/immunizations/${older.id}`, { doseNumber: 0 }, 400, 'doseNumber: must be a whole number from 1 to 99');
  });
});

describe('the profile’s boxes read and write the lists, a line an item', () => {
  it('answers the current items as lines; a resolved condition and an inactive allergy are not lines', async () => {
    await createCondition(t.db, t.userId, { name: 'Asthma' });
    await createCondition(t.db, t.userId, { name: 'Bronchitis', clinicalStatus: 'resolved' });
    await createCondition(t.db, t.userId, { name: 'Migraine', clinicalStatus: 'recurrence' });
    await createAllergy(t.db, t.userId, { substance: 'Latex', status: 'inactive' });
    await createAllergy(t.db, t.otherUserId, { substance: 'Not yours' });
    expect(await profile()).toMatchObject({ existingConditions: 'Asthma\nMigraine', allergies: null });
  });

  it('keeps an item whose line stays (its codes with it), adds new lines, removes the ones gone, and leaves past items alone', async () => {
    const asthma = await createCondition(t.db, t.userId, { name: 'Asthma', codes: [SNOMED_ASTHMA] });
    const migraine = await createCondition(t.db, t.userId, { name: 'Migraine' });
    const past = await createCondition(t.db, t.userId, { name: 'Bronchitis', clinicalStatus: 'resolved' });
    const saved = await saveProfile({ existingConditions: 'asthma \n\n  Hay fever\r\n', allergies: 'Penicillin' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ existingConditions: 'Asthma\nHay fever', allergies: 'Penicillin' });
    const conditions = await list('conditions');
    expect(conditions.map((item: { id: number; name: string }) => [item.id, item.name])).toEqual([
      [asthma.id, 'Asthma'],
      [past.id, 'Bronchitis'],
      [expect.any(Number), 'Hay fever'],
    ]);
    expect(conditions[0].codes).toEqual([SNOMED_ASTHMA]);
    expect(conditions.some((item: { id: number }) => item.id === migraine.id)).toBe(false);
    expect((await list('allergies')).map((item: { substance: string; status: string }) => [item.substance, item.status])).toEqual([['Penicillin', 'active']]);

    // A save that names neither box leaves both lists alone; an empty box removes its current items.
    await saveProfile({ phoneNumber: '(555) 010-0100' });
    expect(await list('conditions')).toHaveLength(3);
    await saveProfile({ existingConditions: '' });
    expect((await list('conditions')).map((item: { name: string }) => item.name)).toEqual(['Bronchitis']);
    expect((await profile()).existingConditions).toBeNull();
  });

  it('onboarding’s medical step writes the lists', async () => {
    await createCondition(t.db, t.userId, { name: 'Old answer' });
    const response = await api(t.app, 'POST', '/api/onboarding', {
      userId: t.userId,
      personalInfo: { firstName: 'Robin', lastName: 'Lee', email: 'robin@example.com', phoneNumber: '', dateOfBirth: '1980-01-01' },
      medicalInfo: { hasExistingConditions: true, existingConditions: 'Migraine\nAsthma', medications: '', allergies: 'Peanuts' },
      insuranceInfo: { hasInsurance: false },
      preferences: { communicationPreference: 'email', appointmentReminders: true, healthTips: false },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ existingConditions: 'Migraine\nAsthma', allergies: 'Peanuts' });
    expect((await list('conditions')).map((item: { name: string }) => item.name)).toEqual(['Migraine', 'Asthma']);
  });
});

describe('preventative care and immunizations', () => {
  it('a vaccine care item completed becomes an immunization given that day; another item does not', async () => {
    const flu = await createCareItem(t.db, t.userId, { careName: 'Flu Vaccine', dueDate: '2026-10-01' });
    const dental = await createCareItem(t.db, t.userId, { careName: 'Dental Cleaning', dueDate: '2026-10-01' });
    expect((await api(t.app, 'PATCH', `/api/preventative-care/${flu.id}`, { status: 'completed', lastCompleted: '2026-10-03' })).status).toBe(200);
    expect((await api(t.app, 'PATCH', `/api/preventative-care/${dental.id}`, { status: 'completed', lastCompleted: '2026-10-04' })).status).toBe(200);
    expect((await list('immunizations')).map((item: { vaccine: string; date: string }) => [item.vaccine, item.date])).toEqual([['Flu Vaccine', '2026-10-03']]);
  });

  it('Recommended Care counts a Td given, by its CVX code, as the tetanus booster', async () => {
    const tetanus = async () =>
      (await api(t.app, 'GET', `/api/preventative-care/recommendations/${t.userId}`)).body.rows.find((row: { id: string }) => row.id === 'tetanus');
    expect(await tetanus()).toMatchObject({ status: 'Due Now', dueDate: null });
    const given = new Date().getFullYear() - 2;
    await createImmunization(t.db, t.userId, { vaccine: 'Td (adult), 2 Lf tetanus toxoid, preservative free, adsorbed', codes: [{ system: CODE_SYSTEMS.cvx, code: '113' }], date: `${given}-03-01` });
    expect(await tetanus()).toMatchObject({ status: 'Completed', dueDate: `${given + 10}-03-01` });
  });
});
