import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Appointment, QuickScheduleAppointmentBody, ScheduleAppointmentBody } from '../../../shared/contracts/appointments';
import { apiRequest } from '../api-client';
import { activitiesKey } from './activities';
import { notificationsKey } from './notifications';
import { careItemsQuery, recommendationsQuery } from './preventative-care';
import { immunizationsKey } from './immunizations-key';

export const appointmentsQuery = (userId: number) =>
  queryOptions({
    queryKey: ['appointments', userId],
    queryFn: () => apiRequest<Appointment[]>('GET', `/api/appointments/${userId}`),
  });

/**
 * What changes when an appointment is booked or changes status: it, the care item it is for (and so the
 * recommendations read from both), the activity feed, and the bell (the server writes its reminders right after).
 */
const appointmentEffects = (userId: number) => [
  appointmentsQuery(userId).queryKey,
  careItemsQuery(userId).queryKey,
  recommendationsQuery(userId).queryKey,
  activitiesKey(userId),
  notificationsKey(userId),
  // Completing a visit for a vaccine care item adds an immunization (issue 34).
  immunizationsKey(userId),
];

/** Schedule New's payload or the quick dialog's (part 2 §7 (docs/product.md#part-2-7)); both screens book through this one mutation. */
export function useScheduleAppointment(userId: number) {
  return useMutation({
    mutationFn: (body: ScheduleAppointmentBody | QuickScheduleAppointmentBody) => apiRequest<Appointment>('POST', '/api/appointments', body),
    meta: { invalidates: appointmentEffects(userId) },
  });
}

export function useChangeAppointmentStatus(userId: number) {
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'cancelled' | 'completed' }) =>
      apiRequest<Appointment>('PATCH', `/api/appointments/${id}/status`, { status }),
    meta: { invalidates: appointmentEffects(userId) },
  });
}

/** The patient's every scheduled appointment as an iCalendar file, and one appointment's. */
export const calendarExportUrl = (userId: number) => `/api/appointments/${userId}.ics`;
export const appointmentCalendarUrl = (id: number) => `/api/appointments/${id}/calendar.ics`;
