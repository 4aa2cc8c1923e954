import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { NotificationSettings, NotificationSettingsBody } from '../../../shared/contracts/notifications';
import { DEFAULT_QUIET_HOURS, NOTIFICATION_CHANNELS, type NotificationChannel } from '../../../shared/rules/notifications';
import type { Database } from '../../db/client';
import { notificationSettings, users } from '../../db/schema/index';
import { foundOr404, type Patient } from '../../core/patient';

// Settings → Notifications (issue 33). Two of its switches are the profile's own stored values (users.appointment_
// reminders, users.health_tips), the rest and the quiet hours and detail per channel a row of notification_settings;
// without that row, every default. Like the profile, a change is not recorded in the activity feed.

type SettingsOut = z.output<typeof NotificationSettings>;
type SettingsIn = z.output<typeof NotificationSettingsBody>;
type SettingsRow = typeof notificationSettings.$inferSelect;

/** The table's defaults, for a patient who never saved the settings. */
const DEFAULTS: Omit<SettingsRow, 'userId'> = {
  doseReminders: true,
  missedDoses: true,
  refills: true,
  confirmationCalls: true,
  backups: true,
  newSignIns: true,
  quietHoursStart: DEFAULT_QUIET_HOURS.start,
  quietHoursEnd: DEFAULT_QUIET_HOURS.end,
  detailedEmail: false,
  detailedSms: false,
  detailedNtfy: false,
  detailedWebhook: false,
};

/** Each channel's "detailed reminders" column. */
const DETAILED_COLUMN = {
  email: 'detailedEmail',
  sms: 'detailedSms',
  ntfy: 'detailedNtfy',
  webhook: 'detailedWebhook',
} as const satisfies Record<NotificationChannel, keyof SettingsRow>;

const perChannel = (value: (channel: NotificationChannel) => boolean) =>
  Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, value(channel)])) as Record<NotificationChannel, boolean>;

/** The row's columns from the body's switches, quiet hours and detail per channel (all but the profile's two). */
function rowOf(body: SettingsIn): Omit<SettingsRow, 'userId'> {
  const { switches, quietHours, detailed } = body;
  return {
    doseReminders: switches.doseReminders,
    missedDoses: switches.missedDoses,
    refills: switches.refills,
    confirmationCalls: switches.confirmationCalls,
    backups: switches.backups,
    newSignIns: switches.newSignIns,
    quietHoursStart: quietHours.start,
    quietHoursEnd: quietHours.end,
    ...(Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [DETAILED_COLUMN[channel], detailed[channel]])) as Pick<
      SettingsRow,
      (typeof DETAILED_COLUMN)[NotificationChannel]
    >),
  };
}

/**
 * The patient's settings: the profile's two switches and communication preference, the row's values (or the
 * defaults), and which channels this server can send through (`available`, its configuration).
 */
export async function getNotificationSettings(db: Database, patient: Patient, available: ReadonlySet<NotificationChannel>): Promise<SettingsOut> {
  const user = foundOr404(
    await db
      .select({
        appointmentReminders: users.appointmentReminders,
        healthTips: users.healthTips,
        communicationPreference: users.communicationPreference,
      })
      .from(users)
      .where(eq(users.id, patient.id)),
    'User',
  );
  const [stored] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, patient.id));
  const row = stored ?? { userId: patient.id, ...DEFAULTS };
  return {
    switches: {
      appointmentReminders: user.appointmentReminders,
      healthTips: user.healthTips,
      doseReminders: row.doseReminders,
      missedDoses: row.missedDoses,
      refills: row.refills,
      confirmationCalls: row.confirmationCalls,
      backups: row.backups,
      newSignIns: row.newSignIns,
    },
    quietHours: { start: row.quietHoursStart, end: row.quietHoursEnd },
    detailed: perChannel((channel) => row[DETAILED_COLUMN[channel]]),
    available: perChannel((channel) => available.has(channel)),
    communicationPreference: user.communicationPreference,
  };
}

/**
 * Saves the whole of Settings → Notifications in one transaction: the profile's two switches and communication
 * preference on the patient's row (the same values onboarding sets) and the rest as the patient's notification_settings row.
 */
export async function saveNotificationSettings(
  db: Database,
  patient: Patient,
  body: SettingsIn,
  available: ReadonlySet<NotificationChannel>,
): Promise<SettingsOut> {
  await db.transaction(async (tx) => {
    const { appointmentReminders, healthTips } = body.switches;
    const { communicationPreference } = body;
    foundOr404(
      await tx.update(users).set({ appointmentReminders, healthTips, communicationPreference }).where(eq(users.id, patient.id)).returning({ id: users.id }),
      'User',
    );
    const row = rowOf(body);
    await tx
      .insert(notificationSettings)
      .values({ userId: patient.id, ...row })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: row });
  });
  return getNotificationSettings(db, patient, available);
}
