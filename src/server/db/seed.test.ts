import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ICON_TYPES } from '../../shared/rules/statuses';
import { api, useTestApp } from '../../testing/test-app';
import { wipeData } from './reset';
import { installation } from './schema/index';
import { seedIfEmpty } from './seed';

const t = useTestApp();

describe('seedIfEmpty', () => {
  it('seeds the demo patient as user 1 once, even when the id sequence has moved on', async () => {
    await wipeData(t.db);
    await t.db.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), 41)`);

    expect(await seedIfEmpty(t.db)).toBe(true);
    expect(await seedIfEmpty(t.db)).toBe(false);

    const user = await api(t.app, 'GET', '/api/users/1');
    expect(user.status).toBe(200);
    expect(user.body.displayName).toBe('Alex Morgan');
    const records = await api(t.app, 'GET', '/api/medical-records/1');
    expect(records.body.map((r: { fileType: string }) => r.fileType).sort()).toEqual(['application/pdf', 'image/png']);
    const appointments = await api(t.app, 'GET', '/api/appointments/1');
    expect(appointments.body.map((a: { status: string }) => a.status).sort()).toEqual(['cancelled', 'completed', 'scheduled']);
    const care = await api(t.app, 'GET', '/api/preventative-care/1');
    expect(new Set(care.body.map((c: { status: string }) => c.status))).toEqual(new Set(['overdue', 'scheduled', 'upcoming', 'completed']));
    const activities = await api(t.app, 'GET', '/api/activities/1');
    expect(new Set(activities.body.map((a: { iconType: string }) => a.iconType)).size).toBe(ICON_TYPES.length);
    const medications = (await api(t.app, 'GET', '/api/medications/1')).body as Array<{ id: number; name: string; schedule: { kind: string } }>;
    expect(medications.map(({ name, schedule }) => `${name} ${schedule.kind}`)).toEqual([
      'Albuterol as-needed',
      'Atorvastatin daily',
      'Lisinopril daily',
      'Metformin daily',
    ]);
    // Two weeks before today: each scheduled dose logged but for one of each medication, the inhaler used three times.
    const logSizes = [];
    for (const { id } of medications) logSizes.push((await api(t.app, 'GET', `/api/medications/${id}/doses?limit=100`)).body.items.length);
    expect(logSizes).toEqual([3, 13, 13, 27]);
    const { days30 } = (await api(t.app, 'GET', '/api/medications/adherence/1')).body.overall;
    expect(days30.taken).toBe(50);
    expect(days30.due).toBeGreaterThanOrEqual(56);
    // The bell's first look (issue 33): three unread notifications drawn from the demo's data, linking to its screens.
    expect((await api(t.app, 'GET', '/api/notifications/1/unread')).body).toEqual({ unread: 3 });
    const bell = (await api(t.app, 'GET', '/api/notifications/1')).body as { items: Array<{ kind: string; title: string; link: string; readAt: null }> };
    expect(bell.items.map(({ kind, link, readAt }) => ({ kind, link, readAt })).sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: 'care-digest', link: '/preventative', readAt: null },
      { kind: 'dose-due', link: '/medications', readAt: null },
      { kind: 'dose-missed', link: '/medications', readAt: null },
    ]);
    expect(bell.items.map((item) => item.title)).toEqual(
      expect.arrayContaining(['Preventative care: 1 overdue, 1 due soon', 'Lisinopril 10 mg at 8:00 is not logged yet', expect.stringMatching(/^Time for \w+ \d+ mg \(\d{1,2}:00\)$/)]),
    );
    // Vitals and lab results (issue 35): a cuff's weekly blood pressure, a monthly weight, a yearly panel with a high LDL.
    const vitals = (await api(t.app, 'GET', '/api/observations/1/latest?kind=vital-sign')).body as Array<{ name: string; inUnits: { number: number } }>;
    expect(vitals.map(({ name, inUnits }) => `${name} ${inUnits.number}`)).toEqual(['Blood pressure 128', 'Weight 170']);
    const labs = (await api(t.app, 'GET', '/api/observations/1/latest?kind=laboratory')).body as Array<{ name: string; flag: string | null }>;
    expect(labs.filter(({ flag }) => flag !== null).map(({ name, flag }) => `${name} ${flag}`)).toEqual(['Total cholesterol high', 'LDL cholesterol high']);
    expect(labs).toHaveLength(6);
    const [plan] = (await api(t.app, 'GET', '/api/insurance/1')).body;
    expect(plan).toMatchObject({ isPrimary: true, planType: 'PPO' });
    expect((await api(t.app, 'GET', `/api/insurance/benefits/${plan.id}`)).body.length).toBeGreaterThanOrEqual(5);
  });

  it('does nothing when a user exists', async () => {
    expect(await seedIfEmpty(t.db)).toBe(false);
    expect((await api(t.app, 'GET', '/api/medical-records/1')).body).toEqual([]);
  });

  it('does not seed again once the demo was left or onboarding skipped (an installation row exists)', async () => {
    await wipeData(t.db);
    await t.db.insert(installation).values({ onboardingSkippedAt: null });
    expect(await seedIfEmpty(t.db)).toBe(false);
    expect((await api(t.app, 'GET', '/api/medical-records/1')).body).toEqual([]);
  });

  it('seeds once when two starts race', async () => {
    await wipeData(t.db);
    const results = await Promise.all([seedIfEmpty(t.db), seedIfEmpty(t.db)]);
    expect(results.sort()).toEqual([false, true]);
    expect((await api(t.app, 'GET', '/api/providers/1')).body).toHaveLength(3);
  });
});
