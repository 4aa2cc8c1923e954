import { addMonths } from 'date-fns';
import { z } from 'zod';
import { QuickScheduleAppointmentBody } from '../../../shared/contracts/appointments';
import { QUICK_SCHEDULE_MONTHS, QUICK_TIME_SLOTS } from '../../../shared/rules/appointment-display';
import { toCalendarDate } from '../../lib/calendar-dates';

const { date, providerId, notes } = QuickScheduleAppointmentBody.shape;

/** The quick dialog's last bookable day: three months from today. */
export const lastQuickDay = (now = new Date()) => toCalendarDate(addMonths(now, QUICK_SCHEDULE_MONTHS));

/**
 * The quick scheduling dialog's fields (part 2 §5 (docs/product.md#part-2-5)), from the contract's own rules and messages: a date from today
 * to three months ahead, a provider, one of the seven time slots, notes.
 */
export const QuickScheduleForm = z.object({
  date: date
    .refine((day) => day >= toCalendarDate(new Date()), 'Please select an appointment date.')
    .refine((day) => day <= lastQuickDay(), 'Please select a date within the next 3 months.'),
  providerId,
  // No slot is chosen at first (part 2 §5 (docs/product.md#part-2-5)), so the field starts as '' and says so until one is.
  timeSlot: z.string().refine((slot) => (QUICK_TIME_SLOTS as readonly string[]).includes(slot), 'Please select at least one time slot.'),
  notes,
});

export type QuickScheduleFormInput = z.input<typeof QuickScheduleForm>;
export type QuickScheduleFormValues = z.output<typeof QuickScheduleForm>;
