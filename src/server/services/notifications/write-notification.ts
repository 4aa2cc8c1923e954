import { eq } from 'drizzle-orm';
import { SWITCH_OF_KIND, type NotificationKind } from '../../../shared/rules/notifications';
import type { Patient } from '../../core/patient';
import type { Database } from '../../db/client';
import { notifications, notificationSettings, users } from '../../db/schema/index';

/** One notification as its writer sees it: what, about which thing and which time of it, and its words. */
export interface NotificationDraft {
  kind: NotificationKind;
  /** What it is about, e.g. 'appointment:12', 'medication:3'. With kind and occurrence, what makes it one. */
  subject: string;
  /** Which time of it: an ISO instant, a day, a device's id. */
  occurrence: string;
  /** The words in the app. */
  title: string;
  /** The words outside the app: rules/notification-text.ts, never a medication, a condition or a test. */
  discreetText: string;
  /** The app path it links to. */
  link: string;
  /** When it is shown as made: the reminder's own time, or now. */
  at: Date;
  /** Too late to send (found after downtime): shown in the app only. */
  missed?: boolean;
  /** Goes out in quiet hours too (a dose of a medication marked so). */
  remindAtNight?: boolean;
}

/**
 * Whether the patient's switch for this kind is on: the profile keeps two, notification_settings the rest. No patient
 * row (a first run before onboarding, the demo just left): off, nothing to write to.
 */
async function kindIsOn(db: Database, patient: Patient, kind: NotificationKind): Promise<boolean> {
  const name = SWITCH_OF_KIND[kind];
  const column = name === 'appointmentReminders' || name === 'healthTips' ? users[name] : notificationSettings[name];
  const [row] = await db
    .select({ on: column })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(eq(users.id, patient.id));
  // No settings row: every switch at its default, on.
  return row !== undefined && row.on !== false;
}

/**
 * Writes a notification unless its kind is switched off or it was written before (by this process or another: the
 * unique (kind, subject, occurrence) row decides). Its deliveries beyond the app are the dispatcher's (scheduler).
 * Returns the new row's id, or null when nothing was written.
 */
export async function writeNotification(db: Database, patient: Patient, draft: NotificationDraft): Promise<number | null> {
  if (!(await kindIsOn(db, patient, draft.kind))) return null;
  const [row] = await db
    .insert(notifications)
    .values({
      userId: patient.id,
      kind: draft.kind,
      subject: draft.subject,
      occurrence: draft.occurrence,
      title: draft.title,
      discreetText: draft.discreetText,
      link: draft.link,
      createdAt: draft.at,
      missed: draft.missed ?? false,
      // A missed one is never sent: nothing to dispatch.
      dispatched: draft.missed ?? false,
      remindAtNight: draft.remindAtNight ?? false,
    })
    .onConflictDoNothing({ target: [notifications.userId, notifications.kind, notifications.subject, notifications.occurrence] })
    .returning({ id: notifications.id });
  if (row) notificationsWritten.dispatchEvent(new Event('written'));
  return row?.id ?? null;
}

/** Told when a notification is written, so the scheduler dispatches it now rather than at its next minute. */
export const notificationsWritten = new EventTarget();
