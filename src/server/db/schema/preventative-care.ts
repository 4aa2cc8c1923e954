import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { Coding, SourceIdentifier } from '../../../shared/rules/codes';
import { CARE_CATEGORIES, STORED_CARE_STATUSES, type CareCategory, type StoredCareStatus } from '../../../shared/rules/statuses';
import { isJsonArray, isOneOf } from './checks';
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
    /** The codes of the screening it came from (issue 34: SNOMED CT, CPT, LOINC, as another record sent them); [] for one typed. */
    codes: jsonb('codes').$type<Coding[]>().notNull().default([]),
    /** The identifiers and `fullUrl` of the resource it came from (rules/codes.ts SourceIdentifier); [] for one typed. */
    identifiers: jsonb('identifiers').$type<SourceIdentifier[]>().notNull().default([]),
  },
  (t) => [
    index('preventative_care_user_due_idx').on(t.userId, t.dueDate, t.id),
    check('preventative_care_status_check', isOneOf(t.status, STORED_CARE_STATUSES)),
    check('preventative_care_recurring_months_check', sql`${t.recurringMonths} between 1 and 1200`),
    check('preventative_care_category_check', isOneOf(t.category, CARE_CATEGORIES)),
    check('preventative_care_codes_check', isJsonArray(t.codes)),
    check('preventative_care_identifiers_check', isJsonArray(t.identifiers)),
  ],
);
