import { format } from 'date-fns';

export interface AppointmentView {
  id: number;
  appointmentType: string;
  appointmentDate: string;
  appointmentTime: string;
  status: string;
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
        a.appointmentDate.localeCompare(b.appointmentDate) || a.appointmentTime.localeCompare(b.appointmentTime) || a.id - b.id,
    );
}
