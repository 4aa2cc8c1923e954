import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { CARE_CATEGORIES, STORED_CARE_STATUSES, type CareCategory, type StoredCareStatus } from '../../../shared/rules/statuses';
import { isOneOf } from './checks';
import { users } from './users';

export const preventativeCare = pgTable(
  'preventative_care',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    careName: text('care_name').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** Never 'overdue': that is read from the due date (services/preventative-care.ts). */
    status: text('status').$type<StoredCareStatus>().notNull().default('upcoming'),
    recurringMonths: integer('recurring_months'),
    lastCompleted: date('last_completed', { mode: 'string' }),
    notes: text('notes'),
    /** Primary Care, Dental, Vision or Specialty Care: chosen by the patient, or from the name when they do not. */
    category: text('category').$type<CareCategory>().notNull().default('Primary Care'),
  },
  (t) => [
    index('preventative_care_user_due_idx').on(t.userId, t.dueDate, t.id),
    check('preventative_care_status_check', isOneOf(t.status, STORED_CARE_STATUSES)),
    check('preventative_care_recurring_months_check', sql`${t.recurringMonths} between 1 and 1200`),
    check('preventative_care_category_check', isOneOf(t.category, CARE_CATEGORIES)),
  ],
);
