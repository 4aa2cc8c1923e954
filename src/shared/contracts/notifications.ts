import { z } from 'zod';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, NOTIFICATION_SWITCHES, type NotificationChannel, type NotificationSwitch } from '../rules/notifications';
import { COMMUNICATION_PREFERENCES } from '../rules/statuses';
import { id, instant, type Json } from './common';
import { timeOfDay } from './medications';
import { PageQuery, pageOf } from './paging';

// Reminders and notifications (issue 33). A notification is written once per (kind, subject, occurrence): by the
// scheduler from the data (appointments, care items, medication schedules) or when something happens (a failed call,
// a failed backup, a new browser). Its words in the app may be detailed; outside the app they are discreet by default.

export const Notification = z
  .object({
    id,
    kind: z.enum(NOTIFICATION_KINDS),
    /** The in-app words, e.g. 'Appointment tomorrow at 9:00 with Dr. Sarah Chen'. */
    title: z.string(),
    /** The app path it is about, e.g. '/appointments'. */
    link: z.string(),
    createdAt: instant,
    readAt: instant.nullable(),
    /** Its time passed while the app was down: shown here, never sent late. */
    missed: z.boolean(),
    /** The channels it could not reach after every retry. */
    failedChannels: z.array(z.enum(NOTIFICATION_CHANNELS)),
  })
  .meta({ id: 'Notification' });
export type Notification = Json<typeof Notification>;

/** GET /api/notifications/{userId}: newest first, paged (ADR 19). */
export const NotificationPage = pageOf(Notification, 'NotificationPage');
export type NotificationPage = Json<typeof NotificationPage>;
export const NotificationPageQuery = PageQuery.pick({ limit: true, cursor: true });

export const UnreadCount = z.object({ unread: z.int().nonnegative() }).meta({ id: 'UnreadCount' });
export type UnreadCount = Json<typeof UnreadCount>;

const switches = z.object(
  Object.fromEntries(NOTIFICATION_SWITCHES.map((name) => [name, z.boolean({ message: 'must be true or false' })])) as Record<
    NotificationSwitch,
    z.ZodBoolean
  >,
);
const perChannel = z.object(
  Object.fromEntries(NOTIFICATION_CHANNELS.map((name) => [name, z.boolean({ message: 'must be true or false' })])) as Record<
    NotificationChannel,
    z.ZodBoolean
  >,
);

/** What the patient sets in Settings → Notifications (PUT, all of it). */
export const NotificationSettingsBody = z
  .object({
    /** Off: that kind is neither shown nor sent. */
    switches,
    /** Nothing goes out between start and end (the patient's clock) but doses marked "remind even at night". Equal: none. */
    quietHours: z.object({ start: timeOfDay, end: timeOfDay }),
    /** On: that channel names the appointment's provider, the medication, the test. Off (default): discreet words only. */
    detailed: perChannel,
    /** E-mail, SMS, both or neither: onboarding's answer (the profile's), changed here since. */
    communicationPreference: z.enum(COMMUNICATION_PREFERENCES, { message: `must be one of ${COMMUNICATION_PREFERENCES.join(', ')}` }),
  })
  .strict()
  .meta({ id: 'NotificationSettingsBody' });
export type NotificationSettingsBody = Json<typeof NotificationSettingsBody>;

export const NotificationSettings = NotificationSettingsBody.extend({
  /** Which channels this server can send through (its configuration), read-only. */
  available: perChannel,
}).meta({ id: 'NotificationSettings' });
export type NotificationSettings = Json<typeof NotificationSettings>;
