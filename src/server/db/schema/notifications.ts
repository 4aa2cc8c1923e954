import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  DEFAULT_QUIET_HOURS,
  DELIVERY_STATES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type DeliveryState,
  type NotificationChannel,
  type NotificationKind,
} from '../../../shared/rules/notifications';
import { isOneOf } from './checks';
import { users } from './users';

/**
 * What the app told the patient (issue 33). One row per (kind, subject, occurrence), whoever writes it first: two app
 * processes that compute the same reminder write it once, and only the one whose insert landed sends it.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    /** What it is about, e.g. 'appointment:12', 'medication:3', 'week', 'device:…'. */
    subject: text('subject').notNull(),
    /** Which time of it, e.g. the appointment's start or the dose's due instant (ISO), the week's Monday. */
    occurrence: text('occurrence').notNull(),
    /** The in-app words (may name the provider, the medication). */
    title: text('title').notNull(),
    /** The words outside the app by default: never a medication, a condition or a test. */
    discreetText: text('discreet_text').notNull(),
    /** The app path it links to. */
    link: text('link').notNull(),
    /** When it is due to be shown and sent (the reminder's time), or when it happened. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Its time passed while the app was down: shown, never sent late. */
    missed: boolean('missed').notNull().default(false),
    /**
     * Its deliveries beyond the app are written (or it needs none). Whoever flips it writes them: two processes never
     * both do.
     */
    dispatched: boolean('dispatched').notNull().default(false),
    /** A dose of a medication marked "remind even at night": goes out in quiet hours too. */
    remindAtNight: boolean('remind_at_night').notNull().default(false),
  },
  (t) => [
    uniqueIndex('notifications_occurrence_idx').on(t.userId, t.kind, t.subject, t.occurrence),
    // The bell's list, newest first, paged (ADR 19).
    index('notifications_user_time_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // What is still to be dispatched beyond the app: few rows, read every minute.
    index('notifications_undispatched_idx').on(t.createdAt).where(sql`not ${t.dispatched}`),
    // The bell's count.
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    check('notifications_kind_check', isOneOf(t.kind, NOTIFICATION_KINDS)),
  ],
);

/**
 * One notification on one channel beyond the app. The job that sends it carries this row's id only: no health data
 * is written to a job's payload or to a log.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: serial('id').primaryKey(),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<NotificationChannel>().notNull(),
    /**
     * The id of the job that sends it. Made once with the row, so handing the delivery to the job library again (after a
     * restart, from another process) finds the job there; random, so ids of rows deleted and written again never meet.
     */
    jobId: uuid('job_id').notNull().defaultRandom(),
    state: text('state').$type<DeliveryState>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Not before this time (quiet hours, a retry's backoff). */
    notBefore: timestamp('not_before', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Why the last try failed, in words without health data (a status code, 'connection refused'). */
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('notification_deliveries_channel_idx').on(t.notificationId, t.channel),
    // What is waiting to go out, oldest first: the sender's queue.
    index('notification_deliveries_waiting_idx').on(t.notBefore).where(sql`${t.state} in ('pending', 'held')`),
    check('notification_deliveries_channel_check', isOneOf(t.channel, NOTIFICATION_CHANNELS)),
    check('notification_deliveries_state_check', isOneOf(t.state, DELIVERY_STATES)),
    check('notification_deliveries_sent_check', sql`(${t.state} = 'sent') = (${t.sentAt} is not null)`),
  ],
);

/** Settings → Notifications beyond the two switches the profile keeps. No row: every default. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    doseReminders: boolean('dose_reminders').notNull().default(true),
    missedDoses: boolean('missed_doses').notNull().default(true),
    refills: boolean('refills').notNull().default(true),
    confirmationCalls: boolean('confirmation_calls').notNull().default(true),
    backups: boolean('backups').notNull().default(true),
    newSignIns: boolean('new_sign_ins').notNull().default(true),
    quietHoursStart: text('quiet_hours_start').notNull().default(DEFAULT_QUIET_HOURS.start),
    quietHoursEnd: text('quiet_hours_end').notNull().default(DEFAULT_QUIET_HOURS.end),
    detailedEmail: boolean('detailed_email').notNull().default(false),
    detailedSms: boolean('detailed_sms').notNull().default(false),
    detailedNtfy: boolean('detailed_ntfy').notNull().default(false),
    detailedWebhook: boolean('detailed_webhook').notNull().default(false),
  },
  (t) => [
    check('notification_settings_quiet_start_check', sql`${t.quietHoursStart} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('notification_settings_quiet_end_check', sql`${t.quietHoursEnd} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);

/**
 * When each patient's reminders were last computed (issue 33). After downtime, a reminder whose time fell between then
 * and now is still sent if it is useful, or marked missed in the app if it is not; never sent late.
 */
export const reminderPlans = pgTable('reminder_plans', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  plannedAt: timestamp('planned_at', { withTimezone: true }).notNull(),
});
