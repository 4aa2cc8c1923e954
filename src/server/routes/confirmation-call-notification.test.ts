import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api } from '../../testing/test-app';
import { notifications, notificationSettings, providers } from '../db/schema/index';
import { db, dentist, quickSchedule, scheduleNew, useConfirmationCallApps, userId, webhook, withWebhook } from '../../testing/confirmation-call-fixtures';

// A confirmation call that failed is shown in the app's notifications (issue 33), through the webhook call service's
// stand-in, on both databases.

useConfirmationCallApps();

const bell = async () => (await api(withWebhook, 'GET', `/api/notifications/${userId}`)).body.items as Array<Record<string, unknown>>;

describe('a confirmation call that failed', () => {
  it('is a notification naming the provider, linking to the appointments, and discreet outside the app', async () => {
    webhook.answerWith({ status: 500, body: { error: 'down' } });
    const provider = await dentist();
    const booked = await api(withWebhook, 'POST', '/api/appointments', quickSchedule(provider.id));
    expect(booked.body).toMatchObject({ confirmationCallStatus: 'failed' });

    expect(await bell()).toEqual([
      expect.objectContaining({ kind: 'confirmation-call-failed', title: 'The confirmation call to Dr. Chen failed', link: '/appointments', readAt: null }),
    ]);
    expect((await api(withWebhook, 'GET', `/api/notifications/${userId}/unread`)).body).toEqual({ unread: 1 });
    const [row] = await db.select().from(notifications).where(eq(notifications.userId, userId));
    expect(row).toMatchObject({ subject: `appointment:${booked.body.id}`, discreetText: 'a confirmation call failed' });
    expect(row!.occurrence).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('is also one when the call was never placed (the provider has no number it may dial)', async () => {
    const provider = await dentist();
    await db.update(providers).set({ phone: null }).where(eq(providers.id, provider.id));
    const booked = await api(withWebhook, 'POST', '/api/appointments', quickSchedule(provider.id));
    expect(booked.body).toMatchObject({ confirmationCallStatus: 'failed', confirmationCallError: 'The provider has no phone number' });
    expect((await bell()).map((item) => item.kind)).toEqual(['confirmation-call-failed']);
  });

  it('is none when the patient switched confirmation calls off', async () => {
    await db.insert(notificationSettings).values({ userId, confirmationCalls: false });
    webhook.answerWith({ status: 500, body: { error: 'down' } });
    const booked = await api(withWebhook, 'POST', '/api/appointments', quickSchedule((await dentist()).id));
    expect(booked.body).toMatchObject({ confirmationCallStatus: 'failed' });
    expect(await bell()).toEqual([]);
  });
});

describe('a call placed, or none asked for', () => {
  it('is no notification', async () => {
    const provider = await dentist();
    expect((await api(withWebhook, 'POST', '/api/appointments', quickSchedule(provider.id))).body).toMatchObject({ confirmationCallStatus: 'placed' });
    expect((await api(withWebhook, 'POST', '/api/appointments', scheduleNew(provider.id))).status).toBe(201);
    expect(await bell()).toEqual([]);
  });
});
