import { z } from 'zod';
import { ScheduleAppointmentBody } from '../../../shared/contracts/appointments';
import { OTHER_APPOINTMENT_TYPE } from '../../../shared/rules/appointment-display';
import { TIME_PREFERENCES } from '../../../shared/rules/statuses';
import { toCalendarDate } from '../../lib/calendar-dates';

const TYPE_REQUIRED = 'Appointment type is required';
const { providerId, appointmentDate, notes } = ScheduleAppointmentBody.shape;

/**
 * Schedule New's fields (part 2 §5 (docs/product.md#part-2-5)), from the contract's own rules: the type is a choice, and with Other the
 * patient's own words; the time is one of the four preferences; the date is not before today (the calendar
 * does not offer those days, but a form left open past midnight would still carry yesterday).
 */
export const ScheduleForm = z
  .object({
    typeChoice: z.string().trim().min(1, TYPE_REQUIRED),
    otherType: z.string().trim().max(200, 'must be at most 200 characters'),
    providerId,
    appointmentDate: appointmentDate.refine((date) => date >= toCalendarDate(new Date()), 'The date cannot be in the past'),
    appointmentTime: z.enum(TIME_PREFERENCES, { message: 'Time preference is required' }),
    notes,
  })
  .superRefine(
    (values, ctx) => {
      if (values.typeChoice === OTHER_APPOINTMENT_TYPE && !values.otherType) {
        ctx.addIssue({ code: 'custom', path: ['otherType'], message: TYPE_REQUIRED });
      }
    },
    // Also while another field is wrong, so that the first Schedule shows every problem at once.
    { when: ({ issues }) => !issues.some((issue) => ['typeChoice', 'otherType'].includes(String(issue.path?.[0]))) },
  );

export type ScheduleFormInput = z.input<typeof ScheduleForm>;
export type ScheduleFormValues = z.output<typeof ScheduleForm>;

/** The appointment's type as stored: the chosen one, or the patient's own words for Other. */
export const appointmentTypeOf = (values: Pick<ScheduleFormInput, 'typeChoice' | 'otherType'>) =>
  (values.typeChoice === OTHER_APPOINTMENT_TYPE ? values.otherType : values.typeChoice).trim();
