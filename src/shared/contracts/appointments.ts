import { z } from 'zod';
import { APPOINTMENT_STATUSES, TIME_PREFERENCES } from '../rules/statuses';
import { calendarDate, dateOnly, id, idNumber, optionalText, requiredText, type Json } from './common';

const TWENTY_FOUR_HOUR = /^([01]\d|2[0-3]):[0-5]\d$/;
const TWELVE_HOUR = /^(0?[1-9]|1[0-2]):([0-5]\d)\s?(AM|PM)$/i;

/** '9:00 AM' → '09:00'; '14:30' stays; anything else is null. */
export function to24HourTime(value: string): string | null {
  if (TWENTY_FOUR_HOUR.test(value)) return value;
  const match = TWELVE_HOUR.exec(value);
  if (!match) return null;
  const hour = (Number(match[1]) % 12) + (match[3]!.toUpperCase() === 'PM' ? 12 : 0);
  return `${String(hour).padStart(2, '0')}:${match[2]}`;
}

/** Each form has its own words for a missing time (part 2 §5). */
const appointmentTime = (requiredMessage: string) =>
  z
    .string({ message: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .transform((value, ctx) => {
      const preference = TIME_PREFERENCES.find((p) => p === value.toLowerCase());
      const time = preference ?? to24HourTime(value);
      if (!time) {
        ctx.addIssue({ code: 'custom', message: `must be a time such as 09:00 or 9:00 AM, or one of ${TIME_PREFERENCES.join(', ')}` });
        return z.NEVER;
      }
      return time;
    });

/** 'At least 1' (part 2 §5): a form with no provider chosen sends 0, which gets the form's own message. */
const providerId = (requiredMessage: string) =>
  z.number({ message: requiredMessage }).min(1, requiredMessage).pipe(idNumber);

/** New appointments always start as scheduled; the quick dialog spells it 'Scheduled'. */
const initialStatus = z
  .string()
  .refine((value) => value.toLowerCase() === 'scheduled', "must be 'scheduled' for a new appointment")
  .optional();

/** The fields both payloads share; each form names a missing provider in its own words. */
const shared = (providerMessage: string) => ({
  userId: idNumber,
  providerId: providerId(providerMessage),
  notes: optionalText(2000),
  status: initialStatus,
  /** When the appointment is booked for a preventative care item, that item becomes scheduled. */
  careItemId: idNumber.nullish(),
});

/** The Schedule New form's payload (part 2 §7). */
export const ScheduleAppointmentBody = z.object({
  ...shared('Healthcare provider is required'),
  appointmentType: requiredText('Appointment type is required'),
  appointmentDate: calendarDate('Appointment date is required'),
  appointmentTime: appointmentTime('Time preference is required'),
});

/** The quick scheduling dialog's payload: service, date and timeSlot instead (part 2 §3). */
export const QuickScheduleAppointmentBody = z.object({
  ...shared('Please select a provider.'),
  service: requiredText('Appointment type is required'),
  date: calendarDate('Please select an appointment date.'),
  timeSlot: appointmentTime('Please select at least one time slot.'),
});

export type ScheduleAppointmentBody = z.input<typeof ScheduleAppointmentBody>;
export type QuickScheduleAppointmentBody = z.input<typeof QuickScheduleAppointmentBody>;

/** A body that names service or timeSlot comes from the quick dialog; any other from Schedule New. */
function isQuickSchedulePayload(body: unknown): boolean {
  return typeof body === 'object' && body !== null && ('service' in body || 'timeSlot' in body);
}

/**
 * POST /api/appointments takes either payload. When neither fits, the refusal names the first problem of the
 * payload the sender meant, in that form's words, as a single validation of that payload would.
 */
export const CreateAppointmentBody = z.union([QuickScheduleAppointmentBody, ScheduleAppointmentBody], {
  error: (issue) => {
    if (issue.code !== 'invalid_union' || !('errors' in issue)) return undefined;
    const meant = issue.errors[isQuickSchedulePayload(issue.input) ? 0 : 1]?.[0];
    if (!meant) return undefined;
    return meant.path.length ? `${meant.path.map(String).join('.')}: ${meant.message}` : meant.message;
  },
});

export const AppointmentStatusBody = z.object({
  status: z.enum(['cancelled', 'completed'], { message: 'must be cancelled or completed' }),
});

export const Appointment = z
  .object({
    id,
    userId: id,
    providerId: id,
    appointmentType: z.string(),
    appointmentDate: dateOnly,
    appointmentTime: z
      .string()
      .meta({ description: "24-hour 'HH:mm' for a chosen slot, or a preference: morning, afternoon, evening, any" }),
    status: z.enum(APPOINTMENT_STATUSES),
    notes: z.string().nullable(),
  })
  .meta({ id: 'Appointment' });
export type Appointment = Json<typeof Appointment>;
export const AppointmentList = z.array(Appointment);

export const Provider = z
  .object({
    id,
    userId: id,
    name: z.string(),
    specialty: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
  })
  .meta({ id: 'Provider' });
export type Provider = Json<typeof Provider>;
export const ProviderList = z.array(Provider);
