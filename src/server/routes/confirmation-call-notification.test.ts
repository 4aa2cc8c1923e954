import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api } from '../../testing/test-app';
import { notifications, notificationSettings, providers } from '../db/schema/index';
import { db, dentist, quickSchedule, scheduleNew, useConfirmationCallApps, userId, webhook, withWebhook } from '../../testing/confirmation-call-fixtures';

// A confirmation call that failed is shown in the app's notifications (issue 33), through the webhook call service's
// stand-in, on both databases.

useConfirmationCallApps();

/**
 * The bell's notifications but the booked appointment's own reminders: booked for tomorrow, it is also reminded of the
 * day before, at once (planner.test.ts tests those).
 */
const bell = async () =>
  ((await api(withWebhook, 'GET', `/api/notifications/${userId}`)).body.items as Array<Record<string, unknown>>).filter(
    (item) => item.kind !== 'appointment-tomorrow' && item.kind !== 'appointment-soon',
  );

describe('a confirmation call that failed', () => {
  it('is a notification naming the provider, linking to the appointments, and discreet outside the app', async () => {
    webhook.answerWith({ status: 500, body: { error: 'down' } });
    const provider = await dentist();
    const booked = await api(withWebhook, 'POST', '/api/appointments', quickSchedule(provider.id));
    expect(booked.body).toMatchObject({ confirmationCallStatus: 'failed' });

    expect(await bell()).toEqual([
      expect.objectContaining({ kind: 'confirmation-call-failed', title: 'The confirmation call to Dr. Chen failed', link: '/appointments', readAt: null }),
    ]);
    const [row] = await db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, 'confirmation-call-failed')));
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
