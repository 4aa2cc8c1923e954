/**
 * Reminders and notifications (issue 33): the closed lists every part reads — the kinds, the switches that turn them
 * off, the channels beyond the app — and the rule of what a notification may say outside the app.
 */

/** What a notification is about. Scheduled kinds are computed from the data; the others are written when it happens. */
export const NOTIFICATION_KINDS = [
  'appointment-tomorrow',
  'appointment-soon',
  'care-digest',
  'dose-due',
  'dose-missed',
  'refill-low',
  'confirmation-call-failed',
  'backup-failed',
  'new-sign-in',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The switches of Settings → Notifications. `appointmentReminders` and `healthTips` are the profile's own stored
 * values (users.appointment_reminders, users.health_tips); the others are kept in notification_settings.
 */
export const NOTIFICATION_SWITCHES = [
  'appointmentReminders',
  'healthTips',
  'doseReminders',
  'missedDoses',
  'refills',
  'confirmationCalls',
  'backups',
  'newSignIns',
] as const;
export type NotificationSwitch = (typeof NOTIFICATION_SWITCHES)[number];

/** Which switch turns a kind off: off means neither in the app nor outside it. */
export const SWITCH_OF_KIND: Readonly<Record<NotificationKind, NotificationSwitch>> = {
  'appointment-tomorrow': 'appointmentReminders',
  'appointment-soon': 'appointmentReminders',
  'care-digest': 'healthTips',
  'dose-due': 'doseReminders',
  'dose-missed': 'missedDoses',
  'refill-low': 'refills',
  'confirmation-call-failed': 'confirmationCalls',
  'backup-failed': 'backups',
  'new-sign-in': 'newSignIns',
};

/** Each switch as Settings → Notifications labels it. */
export const SWITCH_LABELS: Readonly<Record<NotificationSwitch, { label: string; hint: string }>> = {
  appointmentReminders: { label: 'Appointment reminders', hint: 'The day before and two hours before' },
  healthTips: { label: 'Health tips', hint: 'A weekly digest of screenings and vaccines due soon or overdue' },
  doseReminders: { label: 'Doses due', hint: 'When a dose of a medication is due' },
  missedDoses: { label: 'Doses not logged', hint: 'An hour after a dose was due, if it is not logged' },
  refills: { label: 'Refills running low', hint: 'When about a week of a medication is left' },
  confirmationCalls: { label: 'Confirmation calls', hint: "When a provider's confirmation call failed" },
  backups: { label: 'Backups', hint: 'When the daily backup failed' },
  newSignIns: { label: 'New sign-ins', hint: 'A sign-in from a browser never seen before' },
};

/** Where a notification goes beyond the app. E-mail and SMS follow the profile's communicationPreference. */
export const NOTIFICATION_CHANNELS = ['email', 'sms', 'ntfy', 'webhook'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const CHANNEL_LABELS: Readonly<Record<NotificationChannel, string>> = {
  email: 'E-mail',
  sms: 'Text message (SMS)',
  ntfy: 'ntfy',
  webhook: 'Webhook',
};

/** What became of a notification on one channel. `held`: waiting for quiet hours to end. */
export const DELIVERY_STATES = ['pending', 'held', 'sent', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** At most this many tries of one delivery (the first and two retries), then it is failed and shown in the app. */
export const DELIVERY_ATTEMPTS = 3;

/** Quiet hours unless the patient sets others: nothing but doses marked "remind even at night" goes out. */
export const DEFAULT_QUIET_HOURS = { start: '22:00', end: '07:00' } as const;

/** How far ahead of an appointment its two reminders fire, and how long a dose reminder stays worth sending. */
export const APPOINTMENT_TOMORROW_HOURS = 24;
export const APPOINTMENT_SOON_HOURS = 2;
export const DOSE_MISSED_AFTER_MINUTES = 60;
/** A refill is low when the supply left covers this many days of the schedule or fewer. */
export const REFILL_LOW_DAYS = 7;
