import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, UserIdParams } from '../../shared/contracts/common';
import {
  Notification,
  NotificationPage,
  NotificationPageQuery,
  NotificationSettings,
  NotificationSettingsBody,
  UnreadCount,
} from '../../shared/contracts/notifications';
import type { NotificationChannel } from '../../shared/rules/notifications';
import type { Database } from '../db/client';
import { markAllNotificationsRead, markNotificationRead, pageNotifications, unreadCount } from '../services/notifications/notifications';
import { getNotificationSettings, saveNotificationSettings } from '../services/notifications/settings';

// The bell and Settings → Notifications (issue 33). `available`: the channels this server was configured with.

export const notificationsRoutes: FastifyPluginAsyncZod<{ db: Database; available: ReadonlySet<NotificationChannel> }> = async (
  app,
  { db, available },
) => {
  app.get(
    '/notifications/:userId',
    {
      schema: {
        summary: "A page of the patient's notifications, newest first",
        params: UserIdParams,
        querystring: NotificationPageQuery,
        response: { 200: NotificationPage },
      },
    },
    async (request) => pageNotifications(db, request.patient, request.query),
  );

  app.get(
    '/notifications/:userId/unread',
    { schema: { summary: "How many of the patient's notifications are unread (the bell's badge)", params: UserIdParams, response: { 200: UnreadCount } } },
    async (request) => unreadCount(db, request.patient),
  );

  app.post(
    '/notifications/:id/read',
    { schema: { summary: 'Mark one notification read', params: IdParams, response: { 200: Notification } } },
    async (request) => markNotificationRead(db, request.patient, request.params.id),
  );

  app.post(
    '/notifications/:userId/read-all',
    { schema: { summary: "Mark all of the patient's notifications read", params: UserIdParams, response: { 200: UnreadCount } } },
    async (request) => markAllNotificationsRead(db, request.patient),
  );

  app.get(
    '/notification-settings/:userId',
    {
      schema: {
        summary: 'Settings → Notifications: the switches, quiet hours, detail per channel, and the channels this server can use',
        params: UserIdParams,
        response: { 200: NotificationSettings },
      },
    },
    async (request) => getNotificationSettings(db, request.patient, available),
  );

  app.put(
    '/notification-settings/:userId',
    {
      schema: {
        summary: 'Save Settings → Notifications (all of it)',
        params: UserIdParams,
        body: NotificationSettingsBody,
        response: { 200: NotificationSettings },
      },
    },
    async (request) => saveNotificationSettings(db, request.patient, request.body, available),
  );
};
