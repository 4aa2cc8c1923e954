import { format } from 'date-fns';
import { z } from 'zod';
import { storedCareStatus } from '../rules/care';
import { CARE_CATEGORIES, CARE_STATUSES } from '../rules/statuses';
import { calendarDate, dateOnly, id, idNumber, optionalText, requiredText, type Json } from './common';

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

/** The spec's payloads may name any status; 'overdue' is stored as 'upcoming' and shown again while the date says so. */
const status = z.enum(CARE_STATUSES, { message: `must be one of ${CARE_STATUSES.join(', ')}` }).transform(storedCareStatus);

const category = z.enum(CARE_CATEGORIES, { message: `must be one of ${CARE_CATEGORIES.join(', ')}` });

/**
 * Past due dates are accepted: care that is already late can be recorded, and lists show it overdue at once.
 * Without a category the server takes the one the name suggests (rules/care.ts, categoryForCare).
 */
export const CreateCareItemBody = z.object({
  userId: idNumber,
  careName: requiredText('Care name is required'),
  dueDate: calendarDate('Due date is required'),
  status: status.default('upcoming'),
  recurringMonths,
  category: category.optional(),
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
    category,
    notes: optionalText(2000),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update');
export type UpdateCareItemBody = z.input<typeof UpdateCareItemBody>;

/** The recurrences the Add Care Item dialog offers, as it enters them (it converts the string to a number). */
export const CARE_FORM_RECURRENCES = ['1', '3', '6', '12', '24'] as const;

/**
 * The Add Care Item dialog's fields (part 2 §5 (docs/product.md#part-2-5)). Unlike the API, the form keeps the spec's rule that the due date
 * is not before today, the browser's today, read when the form is validated.
 */
export const CareItemForm = z.object({
  careName: requiredText('Care name is required'),
  dueDate: calendarDate('Due date is required').refine(
    (date) => date >= format(new Date(), 'yyyy-MM-dd'),
    'Due date must be in the future',
  ),
  recurringMonths: z
    .enum(CARE_FORM_RECURRENCES, { message: `must be one of ${CARE_FORM_RECURRENCES.join(', ')} months` })
    .default('12'),
  category: category.optional(),
  notes: optionalText(2000),
});
export type CareItemForm = z.input<typeof CareItemForm>;

export const CareItem = z
  .object({
    id,
    userId: id,
    careName: z.string(),
    category: z.enum(CARE_CATEGORIES),
    dueDate: dateOnly,
    /** Derived when read: an upcoming item whose due day has passed in the patient's time zone is 'overdue'. */
    status: z.enum(CARE_STATUSES),
    recurringMonths: z.int().positive().nullable(),
    lastCompleted: dateOnly.nullable(),
    notes: z.string().nullable(),
  })
  .meta({ id: 'CareItem' });
export type CareItem = Json<typeof CareItem>;
export const CareItemList = z.array(CareItem);
