import { asc, eq, inArray, not, sql } from 'drizzle-orm';
import { DEFAULT_QUIET_HOURS, type NotificationChannel } from '../../../shared/rules/notifications';
import { quietHoursEnd } from '../../../shared/rules/quiet-hours';
import type { CommunicationPreference } from '../../../shared/rules/statuses';
import type { Database } from '../../db/client';
import { notificationDeliveries, notifications, notificationSettings, users } from '../../db/schema/index';

/** A delivery waiting to go out, as the job that sends it needs it: its id, and not before when. */
export interface WaitingDelivery {
  id: number;
  jobId: string;
  notBefore: Date;
}

/** How many notifications one pass dispatches; the next pass takes the rest. */
const DISPATCH_BATCH = 1000;

/** The channels one patient is reached on: e-mail and SMS as the profile chooses, ntfy and the webhook when set up. */
export function channelsFor(
  patient: { communicationPreference: CommunicationPreference; phoneNumber: string | null },
  available: ReadonlySet<NotificationChannel>,
): NotificationChannel[] {
  const { communicationPreference: preference } = patient;
  const wanted: Record<NotificationChannel, boolean> = {
    email: preference === 'email' || preference === 'both',
    sms: (preference === 'sms' || preference === 'both') && Boolean(patient.phoneNumber),
    ntfy: true,
    webhook: true,
  };
  return [...available].filter((channel) => wanted[channel]);
}

/**
 * Writes the deliveries of the notifications not yet dispatched: one per channel the patient is reached on, held until
 * quiet hours end unless it may go at night. A notification is taken by one process only (FOR UPDATE SKIP LOCKED,
 * and marked dispatched in the same transaction), so two app processes never both send it. Returns the deliveries
 * written, for the job library to send.
 */
export async function dispatchNotifications(
  db: Database,
  available: ReadonlySet<NotificationChannel>,
  now: Date,
): Promise<WaitingDelivery[]> {
  return db.transaction(async (tx) => {
    const waiting = await tx
      .select({
        id: notifications.id,
        createdAt: notifications.createdAt,
        remindAtNight: notifications.remindAtNight,
        communicationPreference: users.communicationPreference,
        phoneNumber: users.phoneNumber,
        timeZone: users.timeZone,
        quietStart: sql<string>`coalesce(${notificationSettings.quietHoursStart}, ${DEFAULT_QUIET_HOURS.start})`,
        quietEnd: sql<string>`coalesce(${notificationSettings.quietHoursEnd}, ${DEFAULT_QUIET_HOURS.end})`,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .leftJoin(notificationSettings, eq(notificationSettings.userId, notifications.userId))
      .where(not(notifications.dispatched))
      .orderBy(asc(notifications.createdAt))
      .limit(DISPATCH_BATCH)
      .for('update', { of: notifications, skipLocked: true });
    if (waiting.length === 0) return [];
    const rows = waiting.flatMap((notification) => {
      const heldUntil = notification.remindAtNight
        ? null
        : quietHoursEnd(now, notification.timeZone, { start: notification.quietStart, end: notification.quietEnd });
      return channelsFor(notification, available).map((channel) => ({
        notificationId: notification.id,
        channel,
        state: heldUntil ? ('held' as const) : ('pending' as const),
        notBefore: heldUntil ?? now,
      }));
    });
    await tx.update(notifications).set({ dispatched: true }).where(inArray(notifications.id, waiting.map((n) => n.id)));
    if (rows.length === 0) return [];
    return tx
      .insert(notificationDeliveries)
      .values(rows)
      .onConflictDoNothing()
      .returning({ id: notificationDeliveries.id, jobId: notificationDeliveries.jobId, notBefore: notificationDeliveries.notBefore });
  });
}

/**
 * The deliveries still waiting, whatever happened to their jobs (a process that stopped between writing a delivery and
 * handing it to the job library): handed over again, which the job library ignores for a job it has.
 */
export function waitingDeliveries(db: Database): Promise<WaitingDelivery[]> {
  return db
    .select({ id: notificationDeliveries.id, jobId: notificationDeliveries.jobId, notBefore: notificationDeliveries.notBefore })
    .from(notificationDeliveries)
    .where(inArray(notificationDeliveries.state, ['pending', 'held']));
}
