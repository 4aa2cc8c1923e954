import { z } from 'zod';
import { CARE_STATUSES } from '../rules/statuses';
import { calendarDate, dateOnly, id, idNumber, optionalText, requiredText, todayUtc, type Json } from './common';

const DAY_MS = 86_400_000;

/**
 * The form refuses dates before the patient's today. The server cannot know the patient's time zone,
 * so it refuses only dates before yesterday in UTC: no zone on Earth is still on the day before that.
 */
const dueDate = calendarDate('Due date is required').refine(
  (date) => date >= todayUtc(new Date(Date.now() - DAY_MS)),
  'Due date must be in the future',
);

/** The form enters recurrence as a string ('12'); '' or null means it does not recur. */
const recurringMonths = z.preprocess(
  (value) => (value === '' ? null : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
  z
    .number({ message: 'must be a whole number of months' })
    .int('must be a whole number of months')
    .min(1, 'must be at least 1 month')
    .max(1200, 'must be at most 1200 months')
    .nullish(),
);

const status = z.enum(CARE_STATUSES, { message: `must be one of ${CARE_STATUSES.join(', ')}` });

export const CreateCareItemBody = z.object({
  userId: idNumber,
  careName: requiredText('Care name is required'),
  dueDate,
  status: status.default('upcoming'),
  recurringMonths,
  notes: optionalText(2000),
});
export type CreateCareItemBody = z.input<typeof CreateCareItemBody>;

export const UpdateCareItemBody = z
  .object({
    status,
    careName: requiredText('Care name is required'),
    dueDate: calendarDate('Due date is required'),
    recurringMonths,
    lastCompleted: calendarDate().nullable(),
    notes: optionalText(2000),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update');
export type UpdateCareItemBody = z.input<typeof UpdateCareItemBody>;

export const CareItem = z
  .object({
    id,
    userId: id,
    careName: z.string(),
    dueDate: dateOnly,
    status: z.enum(CARE_STATUSES),
    recurringMonths: z.int().positive().nullable(),
    lastCompleted: dateOnly.nullable(),
    notes: z.string().nullable(),
  })
  .meta({ id: 'CareItem' });
export type CareItem = Json<typeof CareItem>;
export const CareItemList = z.array(CareItem);
