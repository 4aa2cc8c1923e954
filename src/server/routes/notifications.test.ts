import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDelivery, createNotification } from '../../testing/notification-fixtures';
import { api, expectRefused, removePatient, useTestApp } from '../../testing/test-app';
import { buildApp, type AppDependencies } from '../app';
import { notifications, notificationSettings, users } from '../db/schema/index';
import { writeNotification, type NotificationDraft } from '../services/notifications/write-notification';

// The bell and Settings → Notifications (issue 33), on both databases: the page newest first with each one's failed
// channels, the unread count, marking read (only the patient's own), and the settings read and saved.

const t = useTestApp();

interface Item {
  id: number;
  kind: string;
  title: string;
  link: string;
  createdAt: string;
  readAt: string | null;
  missed: boolean;
  failedChannels: string[];
}
interface Page {
  items: Item[];
  nextCursor: string | null;
}

/** Notifications 'n1' … 'nN' of the patient, n1 the oldest, a minute apart. */
async function addNotifications(count: number, userId = t.userId) {
  const made = [];
  for (let n = 1; n <= count; n += 1) {
    made.push(await createNotification(t.db, userId, { title: `n${n}`, createdAt: new Date(Date.UTC(2026, 2, 2, 8, n)) }));
  }
  return made;
}

const page = async (url: string) => {
  const response = await api<Page>(t.app, 'GET', url);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};
const titles = (body: Page) => body.items.map((item) => item.title);

describe('GET /api/notifications/{userId}', () => {
  it('pages the patient’s notifications newest first, each once, never another’s', async () => {
    await addNotifications(5);
    await createNotification(t.db, t.otherUserId, { title: 'theirs' });
    const first = await page(`/api/notifications/${t.userId}?limit=2`);
    expect(titles(first)).toEqual(['n5', 'n4']);
    const second = await page(`/api/notifications/${t.userId}?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(titles(second)).toEqual(['n3', 'n2']);
    const last = await page(`/api/notifications/${t.userId}?limit=2&cursor=${encodeURIComponent(second.nextCursor!)}`);
    expect(last).toMatchObject({ nextCursor: null });
    expect(titles(last)).toEqual(['n1']);
  });

  it('answers each with its words, link and state, and the channels it could not reach after every retry', async () => {
    const [notification] = await addNotifications(1);
    await createDelivery(t.db, notification!.id, 'sms', 'failed');
    await createDelivery(t.db, notification!.id, 'email', 'failed');
    await createDelivery(t.db, notification!.id, 'ntfy', 'sent');
    await createDelivery(t.db, notification!.id, 'webhook', 'pending');
    const body = await page(`/api/notifications/${t.userId}`);
    expect(body).toEqual({
      items: [
        {
          id: notification!.id,
          kind: 'dose-due',
          title: 'n1',
          link: '/medications',
          createdAt: '2026-03-02T08:01:00.000Z',
          readAt: null,
          missed: false,
          failedChannels: ['email', 'sms'],
        },
      ],
      nextCursor: null,
    });
  });

  it('is one empty page without notifications; refuses a cursor it did not give, a search and another user', async () => {
    expect(await page(`/api/notifications/${t.userId}`)).toEqual({ items: [], nextCursor: null });
    await expectRefused(t, 'GET', `/api/notifications/${t.userId}?cursor=abc`, undefined, 400, 'cursor: is not a cursor this list gave');
    await expectRefused(t, 'GET', `/api/notifications/${t.userId}?limit=0`, undefined, 400, 'limit: must be a whole number from 1 to 100');
    await expectRefused(t, 'GET', `/api/notifications/${t.otherUserId}`, undefined, 404, 'User not found');
  });
});

describe('the unread count, and marking read', () => {
  it('counts the patient’s unread notifications only', async () => {
    await addNotifications(3);
    await createNotification(t.db, t.userId, { readAt: new Date() });
    await createNotification(t.db, t.otherUserId);
    expect(await api(t.app, 'GET', `/api/notifications/${t.userId}/unread`)).toMatchObject({ status: 200, body: { unread: 3 } });
  });

  it('marks one read and answers it; once read it keeps its first time', async () => {
    const [first] = await addNotifications(2);
    const read = await api<Item>(t.app, 'POST', `/api/notifications/${first!.id}/read`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: first!.id, title: 'n1', readAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), failedChannels: [] });
    expect((await api(t.app, 'GET', `/api/notifications/${t.userId}/unread`)).body).toEqual({ unread: 1 });
    const again = await api<Item>(t.app, 'POST', `/api/notifications/${first!.id}/read`);
    expect(again.body.readAt).toBe(read.body.readAt);
  });

  it('answers 404 for another patient’s notification, as for a missing one, and changes nothing', async () => {
    const [theirs] = await addNotifications(1, t.otherUserId);
    await expectRefused(t, 'POST', `/api/notifications/${theirs!.id}/read`, undefined, 404, 'Notification not found');
    await expectRefused(t, 'POST', '/api/notifications/2147483647/read', undefined, 404, 'Notification not found');
    await expectRefused(t, 'POST', '/api/notifications/abc/read', undefined, 400, 'id: must be a positive whole number');
  });

  it('marks all of the patient’s read, and none of another’s', async () => {
    await addNotifications(3);
    await createNotification(t.db, t.otherUserId);
    const response = await api(t.app, 'POST', `/api/notifications/${t.userId}/read-all`);
    expect(response).toMatchObject({ status: 200, body: { unread: 0 } });
    expect((await page(`/api/notifications/${t.userId}`)).items.every((item) => item.readAt !== null)).toBe(true);
    const [theirs] = await t.db.select({ readAt: notifications.readAt }).from(notifications).where(eq(notifications.userId, t.otherUserId));
    expect(theirs!.readAt).toBeNull();
    await expectRefused(t, 'POST', `/api/notifications/${t.otherUserId}/read-all`, undefined, 404, 'User not found');
  });
});

const DEFAULT_SETTINGS = {
  switches: {
    appointmentReminders: true,
    healthTips: true,
    doseReminders: true,
    missedDoses: true,
    refills: true,
    confirmationCalls: true,
    backups: true,
    newSignIns: true,
  },
  quietHours: { start: '22:00', end: '07:00' },
  detailed: { email: false, sms: false, ntfy: false, webhook: false },
  communicationPreference: 'email',
};

const settingsUrl = () => `/api/notification-settings/${t.userId}`;

describe('Settings → Notifications', () => {
  it('answers every default without a saved row, the profile’s switches and preference, and no channel available', async () => {
    await t.db.update(users).set({ healthTips: false, communicationPreference: 'sms' }).where(eq(users.id, t.userId));
    const response = await api(t.app, 'GET', settingsUrl());
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...DEFAULT_SETTINGS,
      switches: { ...DEFAULT_SETTINGS.switches, healthTips: false },
      available: { email: false, sms: false, ntfy: false, webhook: false },
      communicationPreference: 'sms',
    });
  });

  it('saves all of it: the profile’s two switches and communication preference on the patient, the rest in their row', async () => {
    const body = {
      switches: { ...DEFAULT_SETTINGS.switches, appointmentReminders: false, refills: false, newSignIns: false },
      quietHours: { start: '23:30', end: '06:15' },
      detailed: { email: true, sms: false, ntfy: true, webhook: false },
      communicationPreference: 'both',
    };
    const saved = await api(t.app, 'PUT', settingsUrl(), body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ ...body, available: { email: false, sms: false, ntfy: false, webhook: false } });
    expect((await api(t.app, 'GET', settingsUrl())).body).toEqual(saved.body);
    expect((await api(t.app, 'GET', `/api/users/${t.userId}`)).body).toMatchObject({ appointmentReminders: false, healthTips: true });
    expect((await t.db.select({ preference: users.communicationPreference }).from(users).where(eq(users.id, t.userId)))[0]!.preference).toBe('both');
    const [row] = await t.db.select().from(notificationSettings).where(eq(notificationSettings.userId, t.userId));
    expect(row).toMatchObject({ refills: false, newSignIns: false, quietHoursStart: '23:30', detailedEmail: true, detailedNtfy: true });
    // Saved again: the one row changes.
    const back = await api(t.app, 'PUT', settingsUrl(), DEFAULT_SETTINGS);
    expect(back.body).toMatchObject(DEFAULT_SETTINGS);
    expect(await t.db.select().from(notificationSettings)).toHaveLength(1);
  });

  it('a kind switched off is not written; on again, it is', async () => {
    const draft: NotificationDraft = {
      kind: 'refill-low',
      subject: 'medication:1',
      occurrence: '2026-03-02',
      title: 'Lisinopril 10 mg has about 3 days left: time to refill',
      discreetText: 'a refill is due',
      link: '/medications',
      at: new Date(),
    };
    await api(t.app, 'PUT', settingsUrl(), { ...DEFAULT_SETTINGS, switches: { ...DEFAULT_SETTINGS.switches, refills: false } });
    expect(await writeNotification(t.db, { id: t.userId }, draft)).toBeNull();
    await api(t.app, 'PUT', settingsUrl(), { ...DEFAULT_SETTINGS, switches: { ...DEFAULT_SETTINGS.switches, appointmentReminders: false } });
    expect(await writeNotification(t.db, { id: t.userId }, { ...draft, kind: 'appointment-tomorrow' })).toBeNull();
    expect(await writeNotification(t.db, { id: t.userId }, draft)).toEqual(expect.any(Number));
    // Written once, however often it is written again.
    expect(await writeNotification(t.db, { id: t.userId }, draft)).toBeNull();
  });

  it('refuses a body that is not all of it, or not as the contract says, and changes nothing', async () => {
    const { refills: _refills, ...lessOne } = DEFAULT_SETTINGS.switches;
    await expectRefused(t, 'PUT', settingsUrl(), { ...DEFAULT_SETTINGS, switches: lessOne }, 400, 'switches.refills: must be true or false');
    await expectRefused(t, 'PUT', settingsUrl(), { ...DEFAULT_SETTINGS, quietHours: { start: '10pm', end: '07:00' } }, 400, 'quietHours.start: must be a time of day such as 08:00');
    await expectRefused(t, 'PUT', settingsUrl(), { ...DEFAULT_SETTINGS, detailed: { ...DEFAULT_SETTINGS.detailed, sms: 'yes' } }, 400, 'detailed.sms: must be true or false');
    await expectRefused(t, 'PUT', settingsUrl(), { ...DEFAULT_SETTINGS, available: { email: true } }, 400, /available/);
    await expectRefused(t, 'PUT', settingsUrl(), { ...DEFAULT_SETTINGS, communicationPreference: 'pigeon' }, 400, 'communicationPreference: must be one of email, sms, both, none');
    await expectRefused(t, 'PUT', `/api/notification-settings/${t.otherUserId}`, DEFAULT_SETTINGS, 404, 'User not found');
  });

  it('answers 404 on a first run, before the patient exists, and a notification for no patient is not written', async () => {
    await removePatient(t);
    await expectRefused(t, 'GET', settingsUrl(), undefined, 404, 'User not found');
    await expectRefused(t, 'PUT', settingsUrl(), DEFAULT_SETTINGS, 404, 'User not found');
    const draft: NotificationDraft = { kind: 'backup-failed', subject: 'backup', occurrence: '2026-03-02', title: "Today's backup failed", discreetText: 'a backup failed', link: '/', at: new Date() };
    expect(await writeNotification(t.db, { id: t.userId }, draft)).toBeNull();
  });
});

describe('the channels this server can send through', () => {
  let configured: FastifyInstance;
  beforeAll(async () => {
    // Only which channels have a sender matters here: none is sent through.
    const channels = { email: {}, ntfy: {}, sms: undefined } as unknown as NonNullable<AppDependencies['notificationChannels']>;
    configured = await buildApp({ database: t.database, notificationChannels: channels });
  });
  afterAll(async () => {
    await configured?.close();
  });

  it('are the ones configured', async () => {
    const response = await api(configured, 'GET', settingsUrl());
    expect(response.body.available).toEqual({ email: true, sms: false, ntfy: true, webhook: false });
  });
});
