import { eq, inArray } from 'drizzle-orm';
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
  /** Shown in the app, never sent beyond it (what was due when a backup was restored: it went out before). */
  inAppOnly?: boolean;
}

/** A draft with the patient it is for: the planner writes many patients' reminders at once. */
export interface PatientDraft extends NotificationDraft {
  patientId: number;
}

/** Rows of one insert: 12 parameters a row stays well inside PostgreSQL's 65,535 a statement. */
const ROWS_PER_INSERT = 1000;

/**
 * The kinds each patient has switched off: the profile keeps two switches, notification_settings the rest (no row:
 * every default, on). A patient with no row (a first run before onboarding, the demo just left) is absent: nothing to
 * write to.
 */
async function kindsSwitchedOff(db: Database, patientIds: readonly number[]): Promise<Map<number, Set<NotificationKind>>> {
  const rows = await db
    .select({
      id: users.id,
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
    .where(inArray(users.id, [...patientIds]));
  return new Map(rows.map((row) => [row.id, new Set(NOTIFICATION_KINDS.filter((kind) => row[SWITCH_OF_KIND[kind]] === false))]));
}

/**
 * Writes notifications of any number of patients unless their kind is switched off or they were written before (by
 * this process or another: the unique (user, kind, subject, occurrence) row decides), in one statement a thousand rows.
 * Their deliveries beyond the app are the dispatcher's (scheduler.ts). Returns the ids of the rows written.
 */
export async function writePatientsNotifications(db: Database, drafts: readonly PatientDraft[]): Promise<number[]> {
  if (drafts.length === 0) return [];
  const off = await kindsSwitchedOff(db, [...new Set(drafts.map((draft) => draft.patientId))]);
  const wanted = drafts.filter((draft) => off.get(draft.patientId)?.has(draft.kind) === false);
  const ids: number[] = [];
  for (let first = 0; first < wanted.length; first += ROWS_PER_INSERT) {
    const rows = await db
      .insert(notifications)
      .values(
        wanted.slice(first, first + ROWS_PER_INSERT).map((draft) => ({
          userId: draft.patientId,
          kind: draft.kind,
          subject: draft.subject,
          occurrence: draft.occurrence,
          title: draft.title,
          discreetText: draft.discreetText,
          link: draft.link,
          createdAt: draft.at,
          missed: draft.missed ?? false,
          // A missed one is never sent, nor one for the app only: nothing to dispatch.
          dispatched: (draft.missed ?? false) || (draft.inAppOnly ?? false),
          remindAtNight: draft.remindAtNight ?? false,
        })),
      )
      .onConflictDoNothing({ target: [notifications.userId, notifications.kind, notifications.subject, notifications.occurrence] })
      .returning({ id: notifications.id });
    ids.push(...rows.map((row) => row.id));
  }
  if (ids.length > 0) notificationsWritten.dispatchEvent(new Event('written'));
  return ids;
}

/** One notification (a call failed, a backup failed, a new browser): its id, or null when nothing was written. */
export async function writeNotification(db: Database, patient: Patient, draft: NotificationDraft): Promise<number | null> {
  const [id] = await writePatientsNotifications(db, [{ ...draft, patientId: patient.id }]);
  return id ?? null;
}

/** Told when a notification is written, so the scheduler dispatches it now rather than at its next minute. */
export const notificationsWritten = new EventTarget();
