import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { CARE_STATUSES, type CareStatus } from '../../../shared/rules/statuses';
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
    status: text('status').$type<CareStatus>().notNull().default('upcoming'),
    recurringMonths: integer('recurring_months'),
    lastCompleted: date('last_completed', { mode: 'string' }),
    notes: text('notes'),
  },
  (t) => [
    index('preventative_care_user_due_idx').on(t.userId, t.dueDate, t.id),
    check('preventative_care_status_check', isOneOf(t.status, CARE_STATUSES)),
    check('preventative_care_recurring_months_check', sql`${t.recurringMonths} between 1 and 1200`),
  ],
);
