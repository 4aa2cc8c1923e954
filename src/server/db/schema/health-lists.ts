import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import {
  ALLERGY_CRITICALITIES,
  ALLERGY_STATUSES,
  ALLERGY_TYPES,
  type AllergyCriticality,
  type AllergyReaction,
  type AllergyStatus,
  type AllergyType,
} from '../../../shared/rules/allergies';
import type { Coding, SourceIdentifier } from '../../../shared/rules/codes';
import { CONDITION_STATUSES, type ConditionStatus } from '../../../shared/rules/conditions';
import { isJsonArray, isOneOf } from './checks';
import { users } from './users';

// The health lists (issue 34): conditions, allergies and immunizations, each item a row. Before, conditions and
// allergies were a text box each on the patient's row and immunizations were care items; migration 0017 made each
// line an item. Codes come as another record sent them and go back out on export: a jsonb array of codings.

/** The problem list: what the patient has or had. */
export const conditions = pgTable(
  'conditions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    codes: jsonb('codes').$type<Coding[]>().notNull().default([]),
    /** The identifiers and `fullUrl` of the resource it came from (rules/codes.ts SourceIdentifier); [] for one typed. */
    identifiers: jsonb('identifiers').$type<SourceIdentifier[]>().notNull().default([]),
    clinicalStatus: text('clinical_status').$type<ConditionStatus>().notNull().default('active'),
    onsetDate: date('onset_date', { mode: 'string' }),
    abatementDate: date('abatement_date', { mode: 'string' }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list and the profile's lines are read in the order they were written.
    index('conditions_user_idx').on(t.userId, t.id),
    check('conditions_name_check', sql`btrim(${t.name}) <> ''`),
    check('conditions_status_check', isOneOf(t.clinicalStatus, CONDITION_STATUSES)),
    check('conditions_codes_check', isJsonArray(t.codes)),
    check('conditions_identifiers_check', isJsonArray(t.identifiers)),
    check('conditions_dates_check', sql`${t.abatementDate} >= ${t.onsetDate}`),
  ],
);

/** Allergies and intolerances. */
export const allergies = pgTable(
  'allergies',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    substance: text('substance').notNull(),
    codes: jsonb('codes').$type<Coding[]>().notNull().default([]),
    /** The identifiers and `fullUrl` of the resource it came from (rules/codes.ts SourceIdentifier); [] for one typed. */
    identifiers: jsonb('identifiers').$type<SourceIdentifier[]>().notNull().default([]),
    type: text('type').$type<AllergyType>(),
    criticality: text('criticality').$type<AllergyCriticality>(),
    reactions: jsonb('reactions').$type<AllergyReaction[]>().notNull().default([]),
    status: text('status').$type<AllergyStatus>().notNull().default('active'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('allergies_user_idx').on(t.userId, t.id),
    check('allergies_substance_check', sql`btrim(${t.substance}) <> ''`),
    check('allergies_type_check', isOneOf(t.type, ALLERGY_TYPES)),
    check('allergies_criticality_check', isOneOf(t.criticality, ALLERGY_CRITICALITIES)),
    check('allergies_status_check', isOneOf(t.status, ALLERGY_STATUSES)),
    check('allergies_codes_check', isJsonArray(t.codes)),
    check('allergies_identifiers_check', isJsonArray(t.identifiers)),
    check('allergies_reactions_check', isJsonArray(t.reactions)),
  ],
);

/** Vaccines given. */
export const immunizations = pgTable(
  'immunizations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vaccine: text('vaccine').notNull(),
    codes: jsonb('codes').$type<Coding[]>().notNull().default([]),
    /** The identifiers and `fullUrl` of the resource it came from (rules/codes.ts SourceIdentifier); [] for one typed. */
    identifiers: jsonb('identifiers').$type<SourceIdentifier[]>().notNull().default([]),
    date: date('date', { mode: 'string' }).notNull(),
    doseNumber: integer('dose_number'),
    lotNumber: text('lot_number'),
    site: text('site'),
    performer: text('performer'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list, newest first, and preventative care's "when was the last one".
    index('immunizations_user_idx').on(t.userId, t.date),
    check('immunizations_vaccine_check', sql`btrim(${t.vaccine}) <> ''`),
    check('immunizations_codes_check', isJsonArray(t.codes)),
    check('immunizations_identifiers_check', isJsonArray(t.identifiers)),
    check('immunizations_dose_number_check', sql`${t.doseNumber} between 1 and 99`),
  ],
);
