import { eq } from 'drizzle-orm';
import { NOTIFICATION_KINDS, SWITCH_OF_KIND, type NotificationKind } from '../../../shared/rules/notifications';
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
 * The kinds the patient has switched off: the profile keeps two switches, notification_settings the rest (no row:
 * every default, on). No patient row (a first run before onboarding, the demo just left): every kind, nothing to write to.
 */
async function kindsSwitchedOff(db: Database, patient: Patient): Promise<Set<NotificationKind> | 'no patient'> {
  const [row] = await db
    .select({
      appointmentReminders: users.appointmentReminders,
      healthTips: users.healthTips,
      doseReminders: notificationSettings.doseReminders,
      missedDoses: notificationSettings.missedDoses,
      refills: notificationSettings.refills,
      confirmationCalls: notificationSettings.confirmationCalls,
      backups: notificationSettings.backups,
      newSignIns: notificationSettings.newSignIns,
    })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(eq(users.id, patient.id));
  if (!row) return 'no patient';
  return new Set(NOTIFICATION_KINDS.filter((kind) => row[SWITCH_OF_KIND[kind]] === false));
}

/**
 * Writes notifications unless their kind is switched off or they were written before (by this process or another:
 * the unique (kind, subject, occurrence) row decides), in one statement. Their deliveries beyond the app are the
 * dispatcher's (scheduler.ts). Returns the ids of the rows written.
 */
export async function writeNotifications(db: Database, patient: Patient, drafts: readonly NotificationDraft[]): Promise<number[]> {
  if (drafts.length === 0) return [];
  const off = await kindsSwitchedOff(db, patient);
  if (off === 'no patient') return [];
  const wanted = drafts.filter((draft) => !off.has(draft.kind));
  if (wanted.length === 0) return [];
  const rows = await db
    .insert(notifications)
    .values(
      wanted.map((draft) => ({
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
      })),
    )
    .onConflictDoNothing({ target: [notifications.userId, notifications.kind, notifications.subject, notifications.occurrence] })
    .returning({ id: notifications.id });
  if (rows.length > 0) notificationsWritten.dispatchEvent(new Event('written'));
  return rows.map((row) => row.id);
}

/** One notification (a call failed, a backup failed, a new browser): its id, or null when nothing was written. */
export async function writeNotification(db: Database, patient: Patient, draft: NotificationDraft): Promise<number | null> {
  const [id] = await writeNotifications(db, patient, [draft]);
  return id ?? null;
}

/** Told when a notification is written, so the scheduler dispatches it now rather than at its next minute. */
export const notificationsWritten = new EventTarget();
