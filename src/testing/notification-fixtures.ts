import type { Database } from '../server/db/client';
import { notificationDeliveries, notifications } from '../server/db/schema/index';
import type { DeliveryState, NotificationChannel } from '../shared/rules/notifications';

let made = 0;

/**
 * A notification of the patient as the scheduler would write it (issue 33): a dose due, unread, dispatched, at
 * 2026-03-02 08:00 UTC unless overridden; each made one has an occurrence of its own.
 */
export async function createNotification(db: Database, userId: number, overrides: Partial<typeof notifications.$inferInsert> = {}) {
  made += 1;
  const [row] = await db
    .insert(notifications)
    .values({
      userId,
      kind: 'dose-due',
      subject: 'medication:1',
      occurrence: `fixture-${made}`,
      title: 'Time for Lisinopril 10 mg (8:00)',
      discreetText: 'a dose at 8:00',
      link: '/medications',
      createdAt: new Date('2026-03-02T08:00:00Z'),
      dispatched: true,
      ...overrides,
    })
    .returning();
  return row!;
}

/** A delivery of a notification on one channel, in a state. */
export async function createDelivery(db: Database, notificationId: number, channel: NotificationChannel, state: DeliveryState) {
  const [row] = await db
    .insert(notificationDeliveries)
    .values({ notificationId, channel, state, attempts: state === 'failed' ? 3 : 0, sentAt: state === 'sent' ? new Date() : null })
    .returning();
  return row!;
}
