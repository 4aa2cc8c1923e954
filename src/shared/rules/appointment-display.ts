import { formatTime } from './formats';
import { TIME_PREFERENCES, type AppointmentStatus, type TimePreference } from './statuses';

/** How the screen names each time preference (part 2 §2 (docs/product.md#part-2-2): 'any' reads 'Any time'). */
export const TIME_PREFERENCE_LABELS: Readonly<Record<TimePreference, string>> = {
  morning: 'Morning',
  afternoon: 'Afternoon',
  evening: 'Evening',
  any: 'Any time',
};

/** 'Time: …' of an appointment: a clock time as 12-hour with AM/PM ('2:30 PM'), a preference by its label. */
export function formatAppointmentTime(time: string): string {
  const preference = TIME_PREFERENCES.find((p) => p === time);
  return preference ? TIME_PREFERENCE_LABELS[preference] : formatTime(time);
}

/** The provider's name, or the spec's words when the appointment names no provider the patient has. */
export const UNKNOWN_PROVIDER = 'Unknown Provider';

/** The choice in Appointment Type that opens a free-text field. */
export const OTHER_APPOINTMENT_TYPE = 'Other';

/** The types Schedule New always offers after the patient's own (part 2 §9 (docs/product.md#part-2-9)), Other last. */
export const APPOINTMENT_TYPE_EXTRAS = ['Annual Physical', 'Dental Cleaning', 'Eye Examination', 'Vaccination', OTHER_APPOINTMENT_TYPE] as const;

/**
 * Appointment Type's choices: the types the patient already uses (and the care item being booked, if any), in
 * alphabetical order, then the spec's extras that are not among them; each once, whatever its capitals.
 */
export function appointmentTypeChoices(usedTypes: readonly string[], careName?: string): string[] {
  const seen = new Set<string>();
  const once = (type: string) => {
    const key = type.trim().toLowerCase();
    if (!key || key === OTHER_APPOINTMENT_TYPE.toLowerCase() || seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  const own = [...(careName ? [careName] : []), ...[...usedTypes].sort((a, b) => a.localeCompare(b))].map((type) => type.trim()).filter(once);
  const extras = APPOINTMENT_TYPE_EXTRAS.filter((type) => type === OTHER_APPOINTMENT_TYPE || once(type));
  return [...own, ...extras];
}

export interface GroupedAppointments<T> {
  /** Scheduled, soonest first. */
  upcoming: T[];
  /** Most recent first. */
  completed: T[];
  /** Most recent first. */
  cancelled: T[];
}

/** View Appointments' three sections (part 2 §2 (docs/product.md#part-2-2)), from a list ordered by date and time as the API sends it. */
export function groupAppointments<T extends { status: AppointmentStatus }>(appointments: readonly T[]): GroupedAppointments<T> {
  const withStatus = (status: AppointmentStatus) => appointments.filter((appointment) => appointment.status === status);
  return {
    upcoming: withStatus('scheduled'),
    completed: withStatus('completed').reverse(),
    cancelled: withStatus('cancelled').reverse(),
  };
}

/** The quick scheduling dialog's time slots (part 2 §9 (docs/product.md#part-2-9)); the server stores them as 24-hour 'HH:mm'. */
export const QUICK_TIME_SLOTS = ['9:00 AM', '10:00 AM', '11:00 AM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM'] as const;

/** How far ahead the quick dialog books (part 2 §9 (docs/product.md#part-2-9)): up to three months from today. */
export const QUICK_SCHEDULE_MONTHS = 3;
