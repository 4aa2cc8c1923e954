import { format } from 'date-fns';
import { TIME_PREFERENCES, type TimePreference } from './statuses';

export interface AppointmentView {
  id: number;
  appointmentType: string;
  appointmentDate: string;
  appointmentTime: string;
  status: string;
}

/**
 * Where a time preference (Schedule New and the quick dialog may store one instead of a time) falls among the
 * 'HH:mm' times of one day: a morning about 08:00, an afternoon 12:00, an evening 17:00; 'any' comes last.
 */
export const PREFERENCE_SORT_TIMES: Readonly<Record<TimePreference, string>> = {
  morning: '08:00',
  afternoon: '12:00',
  evening: '17:00',
  any: '24:00',
};

/** The 'HH:mm' an appointment time sorts as: itself, or where its preference falls in the day. */
export function appointmentSortTime(time: string): string {
  const preference = TIME_PREFERENCES.find((p) => p === time);
  return preference ? PREFERENCE_SORT_TIMES[preference] : time;
}

/**
 * Scheduled appointments from today on, soonest first. An appointment is a calendar date (and a time or a
 * preference), so "in the future" compares the patient's local calendar, not instants.
 */
export function upcomingAppointments<T extends AppointmentView>(items: readonly T[], now: Date = new Date()): T[] {
  const today = format(now, 'yyyy-MM-dd');
  return items
    .filter((item) => item.status.toLowerCase() === 'scheduled' && item.appointmentDate.slice(0, 10) >= today)
    .sort(
      (a, b) =>
        a.appointmentDate.localeCompare(b.appointmentDate) ||
        appointmentSortTime(a.appointmentTime).localeCompare(appointmentSortTime(b.appointmentTime)) ||
        a.id - b.id,
    );
}
