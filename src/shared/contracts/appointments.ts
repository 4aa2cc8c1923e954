import { z } from 'zod';
import { isPhoneNumber } from '../rules/phone';
import { PROVIDER_SPECIALTIES } from '../rules/providers';
import { APPOINTMENT_STATUSES, CONFIRMATION_CALL_STATUSES, TIME_PREFERENCES } from '../rules/statuses';
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

/** Each form has its own words for a missing time (part 2 §5 (docs/product.md#part-2-5)). */
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

/** 'At least 1' (part 2 §5 (docs/product.md#part-2-5)): a form with no provider chosen sends 0, which gets the form's own message. */
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

/** The Schedule New form's payload (part 2 §7 (docs/product.md#part-2-7)). */
export const ScheduleAppointmentBody = z.object({
  ...shared('Healthcare provider is required'),
  appointmentType: requiredText('Appointment type is required'),
  appointmentDate: calendarDate('Appointment date is required'),
  appointmentTime: appointmentTime('Time preference is required'),
});

/** The quick scheduling dialog's payload: service, date and timeSlot instead (part 2 §3 (docs/product.md#part-2-3)). */
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
    careItemId: id.nullable().meta({ description: 'The preventative care item this appointment was booked for' }),
    confirmationCallStatus: z.enum(CONFIRMATION_CALL_STATUSES).meta({
      description: 'The call to the provider after a quick-scheduled appointment: none (not configured or not asked for), placed or failed',
    }),
    confirmationCallError: z.string().nullable().meta({ description: 'Why the confirmation call failed, in words the patient can read' }),
  })
  .meta({ id: 'Appointment' });
export type Appointment = Json<typeof Appointment>;
export const AppointmentList = z.array(Appointment);

export const Provider = z
  .object({
    id,
    userId: id,
    name: z.string(),
    specialty: z.enum(PROVIDER_SPECIALTIES).nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
  })
  .meta({ id: 'Provider' });
export type Provider = Json<typeof Provider>;
export const ProviderList = z.array(Provider);

/** A provider's phone: optional, and when given, a number a person could dial. */
const providerPhone = optionalText(40).refine(
  (phone) => phone === null || isPhoneNumber(phone),
  'Please enter a valid phone number, e.g. (555) 201-3300 or +44 20 7946 0018',
);

/** The Add New Provider dialog's fields (issue 11); the dialog validates with the same schema. */
export const ProviderFields = z.object({
  name: requiredText('Provider name is required'),
  specialty: z.enum(PROVIDER_SPECIALTIES, { message: `Specialty must be one of ${PROVIDER_SPECIALTIES.join(', ')}` }),
  phone: providerPhone,
  address: optionalText(500),
});

/** POST /api/providers */
export const CreateProviderBody = ProviderFields.extend({ userId: idNumber });
export type CreateProviderBody = z.input<typeof CreateProviderBody>;

/** PATCH /api/providers/{id}: any of the fields. */
export const UpdateProviderBody = ProviderFields.partial().refine((body) => Object.keys(body).length > 0, 'Nothing to update');
export type UpdateProviderBody = z.input<typeof UpdateProviderBody>;
