import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { Notification, type NotificationPageQuery, type UnreadCount } from '../../../shared/contracts/notifications';
import type { PageQuery } from '../../../shared/contracts/paging';
import type { NotificationChannel } from '../../../shared/rules/notifications';
import type { Database } from '../../db/client';
import { pageQuery, readPage, type Page, type PagedTable } from '../../db/keyset-page';
import { notificationDeliveries, notifications } from '../../db/schema/index';
import { foundOr404, ownRow, ownRows, type Patient } from '../../core/patient';

// The bell (issue 33): the patient's notifications newest first a page at a time, how many are unread, and marking
// them read. What is written, and when, is write-notification.ts's and the scheduler's.

type NotificationOut = z.output<typeof Notification>;

/** A notification's own columns: `failedChannels` is read from its deliveries, after the page. */
const NotificationRow = Notification.omit({ failedChannels: true });
type NotificationRow = z.output<typeof NotificationRow>;

const pagedNotifications: PagedTable = { table: notifications, time: notifications.createdAt, id: notifications.id };

/** The query of a page of the bell's list (the plan tests explain it): notifications_user_time_idx serves it. */
export const notificationsPageQuery = (db: Database, patient: Patient, query: PageQuery) =>
  pageQuery(db, pagedNotifications, NotificationRow, ownRows(notifications, patient), query);

/**
 * The channels each notification could not reach after every retry, by notification: one read of the page's ids,
 * served by the deliveries' (notification, channel) index.
 */
export function failedDeliveriesQuery(db: Database, ids: number[]) {
  return db
    .select({ notificationId: notificationDeliveries.notificationId, channel: notificationDeliveries.channel })
    .from(notificationDeliveries)
    .where(and(inArray(notificationDeliveries.notificationId, ids), eq(notificationDeliveries.state, 'failed')));
}

async function withFailedChannels(db: Database, rows: NotificationRow[]): Promise<NotificationOut[]> {
  const failed = new Map<number, NotificationChannel[]>();
  if (rows.length > 0) {
    for (const { notificationId, channel } of await failedDeliveriesQuery(db, rows.map((row) => row.id))) {
      failed.set(notificationId, [...(failed.get(notificationId) ?? []), channel]);
    }
  }
  return rows.map((row) => ({ ...row, failedChannels: (failed.get(row.id) ?? []).sort() }));
}

/** A page of the patient's notifications, newest first by (createdAt, id) (ADR 19), each with its failed channels. */
export async function pageNotifications(
  db: Database,
  patient: Patient,
  pageOf: z.output<typeof NotificationPageQuery>,
): Promise<Page<NotificationOut>> {
  const query: PageQuery = { ...pageOf, q: undefined };
  const page = await readPage<NotificationRow>(notificationsPageQuery(db, patient, query), query);
  return { items: await withFailedChannels(db, page.items), nextCursor: page.nextCursor };
}

/** The query of the bell's count: the partial index of unread rows (notifications_unread_idx) serves it. */
export const unreadCountQuery = (db: Database, patient: Patient) =>
  db
    .select({ unread: count() })
    .from(notifications)
    .where(and(ownRows(notifications, patient), isNull(notifications.readAt)));

export async function unreadCount(db: Database, patient: Patient): Promise<UnreadCount> {
  const [row] = await unreadCountQuery(db, patient);
  return { unread: row?.unread ?? 0 };
}

const rowColumns = {
  id: notifications.id,
  kind: notifications.kind,
  title: notifications.title,
  link: notifications.link,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
  missed: notifications.missed,
};

/**
 * Marks one of the patient's notifications read, now, and answers it; one read before keeps its first time. Another
 * patient's id is "not found", as a missing one is.
 */
export async function markNotificationRead(db: Database, patient: Patient, id: number, now = new Date()): Promise<NotificationOut> {
  const [updated] = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(ownRow(notifications, patient, id), isNull(notifications.readAt)))
    .returning(rowColumns);
  const row = updated ?? foundOr404(await db.select(rowColumns).from(notifications).where(ownRow(notifications, patient, id)), 'Notification');
  const [withChannels] = await withFailedChannels(db, [row]);
  return withChannels!;
}

/** Marks every unread notification of the patient read; answers the count left, 0. */
export async function markAllNotificationsRead(db: Database, patient: Patient, now = new Date()): Promise<UnreadCount> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(ownRows(notifications, patient), isNull(notifications.readAt)));
  return unreadCount(db, patient);
}
