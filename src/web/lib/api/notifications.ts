import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Notification, NotificationSettings, NotificationSettingsBody, UnreadCount } from '../../../shared/contracts/notifications';
import { apiRequest } from '../api-client';
import { pagedListQuery } from './pages';
import { userQuery } from './users';

// Reminders and notifications (issue 33): the bell's unread count, the panel's list, and Settings → Notifications.
// The server writes notifications on its own (the scheduler, a failed call, a new sign-in) and right after the patient
// books or changes an appointment or a medication: those mutations invalidate notificationsKey too
// (lib/api/appointments.ts, medications.ts).

/** Everything the bell and its panel read: invalidating it refreshes the count and the list. */
export const notificationsKey = (patientId: number) => ['notifications', patientId] as const;

/** How many notifications a page of the panel brings. */
const NOTIFICATION_PAGE_SIZE = 20;

/**
 * The bell's badge. Unlike the app's other reads (part 1 §7 (docs/product.md#part-1-7): never stale, never refetched on focus), it is asked again
 * when the window gets the focus back and every minute: the scheduler writes notifications while the app is open.
 */
export const unreadCountQuery = (patientId: number) =>
  queryOptions({
    queryKey: [...notificationsKey(patientId), 'unread'],
    queryFn: () => apiRequest<UnreadCount>('GET', `/api/notifications/${patientId}/unread`),
    refetchOnWindowFocus: 'always',
    refetchInterval: 60_000,
  });

/** The panel's list, newest first, a page at a time (ADR 19). */
export const notificationPagesQuery = (patientId: number) =>
  pagedListQuery<Notification>(notificationsKey(patientId), `/api/notifications/${patientId}`, NOTIFICATION_PAGE_SIZE);

/** One notification read: followed from the panel. */
export function useMarkNotificationRead(patientId: number) {
  return useMutation({
    mutationFn: (notificationId: number) => apiRequest<Notification>('POST', `/api/notifications/${notificationId}/read`),
    meta: { invalidates: [notificationsKey(patientId)] },
  });
}

/** The panel's "Mark all read". */
export function useMarkAllNotificationsRead(patientId: number) {
  return useMutation({
    mutationFn: () => apiRequest<UnreadCount>('POST', `/api/notifications/${patientId}/read-all`),
    meta: { invalidates: [notificationsKey(patientId)] },
  });
}

/** Settings → Notifications: the switches, quiet hours, detailed words per channel, and what the server can send through. */
export const notificationSettingsQuery = (patientId: number) =>
  queryOptions({
    queryKey: ['notification-settings', patientId],
    queryFn: () => apiRequest<NotificationSettings>('GET', `/api/notification-settings/${patientId}`),
  });

/**
 * Saves Settings → Notifications, all of it. `appointmentReminders` and `healthTips` are the profile's own stored
 * values, so the patient is read again; a kind switched off is no longer shown, so the bell and its list are too.
 */
export function useSaveNotificationSettings(patientId: number) {
  return useMutation({
    mutationFn: (body: NotificationSettingsBody) => apiRequest<NotificationSettings>('PUT', `/api/notification-settings/${patientId}`, body),
    meta: {
      invalidates: [notificationSettingsQuery(patientId).queryKey, userQuery(patientId).queryKey, notificationsKey(patientId)],
    },
  });
}
