import { and, eq, inArray, sql } from 'drizzle-orm';
import { DELIVERY_ATTEMPTS, type NotificationChannel } from '../../../shared/rules/notifications';
import { outsideSentence } from '../../../shared/rules/notification-text';
import { OutsideServiceError } from '../../core/errors';
import type { Database } from '../../db/client';
import { notificationDeliveries, notifications, notificationSettings, users } from '../../db/schema/index';
import type { NotificationChannels, OutsideMessage } from './channels/types';

/** What one try of a delivery came to. `retry`: it failed and has tries left, so the job library tries again later. */
export type DeliveryOutcome = 'sent' | 'already-done' | 'retry' | 'failed';

const DETAILED_COLUMN = {
  email: notificationSettings.detailedEmail,
  sms: notificationSettings.detailedSms,
  ntfy: notificationSettings.detailedNtfy,
  webhook: notificationSettings.detailedWebhook,
} as const satisfies Record<NotificationChannel, unknown>;

/**
 * The words a channel sends: the discreet sentence, which never names a medication, a condition or a test, unless the
 * patient switched this channel's "detailed reminders" on; then the in-app title.
 */
export function outsideMessage(
  notification: { kind: OutsideMessage['kind']; title: string; discreetText: string; link: string },
  detailed: boolean,
  publicUrl: string,
): OutsideMessage {
  return {
    kind: notification.kind,
    text: detailed ? `HealthAssist: ${notification.title}` : outsideSentence(notification.discreetText),
    link: new URL(notification.link, publicUrl).toString(),
  };
}

/**
 * One try of one delivery (its job carries the delivery's id, nothing else). Sent once: a delivery already sent or
 * failed is left alone, whoever's job it is. A failure is kept with words safe to store (the service's status, never
 * the message); after the last try the delivery is failed, which the app shows on the notification.
 */
export async function deliverOnce(
  db: Database,
  deliveryId: number,
  channels: NotificationChannels,
  publicUrl: string,
  now: Date,
): Promise<DeliveryOutcome> {
  const [row] = await db
    .select({
      state: notificationDeliveries.state,
      attempts: notificationDeliveries.attempts,
      channel: notificationDeliveries.channel,
      kind: notifications.kind,
      title: notifications.title,
      discreetText: notifications.discreetText,
      link: notifications.link,
      email: users.email,
      phone: users.phoneNumber,
      userId: users.id,
    })
    .from(notificationDeliveries)
    .innerJoin(notifications, eq(notifications.id, notificationDeliveries.notificationId))
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(eq(notificationDeliveries.id, deliveryId));
  if (!row || row.state === 'sent' || row.state === 'failed') return 'already-done';
  const [settings] = await db
    .select({ detailed: DETAILED_COLUMN[row.channel] })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, row.userId));
  const attempts = row.attempts + 1;
  const sender = channels[row.channel];
  try {
    if (!sender) throw new OutsideServiceError(502, `${row.channel} is not set up on this server any more`);
    await sender.send(outsideMessage(row, settings?.detailed ?? false, publicUrl), { email: row.email, phone: row.phone });
  } catch (error) {
    const failed = attempts >= DELIVERY_ATTEMPTS;
    await db
      .update(notificationDeliveries)
      .set({ attempts, lastError: safeErrorWords(error), state: failed ? 'failed' : sql`${notificationDeliveries.state}` })
      .where(eq(notificationDeliveries.id, deliveryId));
    return failed ? 'failed' : 'retry';
  }
  await db.update(notificationDeliveries).set({ attempts, state: 'sent', sentAt: now, lastError: null }).where(eq(notificationDeliveries.id, deliveryId));
  return 'sent';
}

/** A delivery the job library will not try again: failed, unless it was sent or failed meanwhile. */
export async function giveUpDelivery(db: Database, deliveryId: number): Promise<void> {
  await db
    .update(notificationDeliveries)
    .set({ state: 'failed', lastError: sql`coalesce(${notificationDeliveries.lastError}, 'not sent: no tries left')` })
    .where(and(eq(notificationDeliveries.id, deliveryId), inArray(notificationDeliveries.state, ['pending', 'held'])));
}

/** An adapter's error message is written for logs (no health data, no address or key); anything else is named only. */
function safeErrorWords(error: unknown): string {
  if (error instanceof OutsideServiceError) return error.message.slice(0, 300);
  return error instanceof Error ? `${error.name}: the channel failed` : 'the channel failed';
}
