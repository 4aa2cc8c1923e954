import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  DOSE_STATUSES,
  MEDICATION_FORMS,
  MEDICATION_STATUSES,
  SCHEDULE_KINDS,
  type DoseStatus,
  type MedicationForm,
  type MedicationSchedule,
  type MedicationStatus,
} from '../../../shared/rules/medications';
import type { Coding, SourceIdentifier } from '../../../shared/rules/codes';
import { isJsonArray, isOneOf } from './checks';
import { providers } from './providers';
import { users } from './users';

/**
 * The patient's medications (issue 32), current and past. The schedule says when doses are due, on the patient's
 * clock; a due dose is derived from it on the day asked for (rules/medication-schedule.ts), never stored.
 */
export const medications = pgTable(
  'medications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** RxNorm or another system's codes, as the record that prescribed it sent them (issue 34); [] for one typed. */
    codes: jsonb('codes').$type<Coding[]>().notNull().default([]),
    /** The identifiers and `fullUrl` of the resource it came from (rules/codes.ts SourceIdentifier); [] for one typed or made from the profile's text. */
    identifiers: jsonb('identifiers').$type<SourceIdentifier[]>().notNull().default([]),
    strength: text('strength'),
    form: text('form').$type<MedicationForm>(),
    dose: text('dose'),
    route: text('route'),
    instructions: text('instructions'),
    reason: text('reason'),
    prescriber: text('prescriber'),
    /** The prescriber as one of the patient's providers. Removing the provider keeps the medication, unlinked. */
    providerId: integer('provider_id').references(() => providers.id, { onDelete: 'set null' }),
    pharmacy: text('pharmacy'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    status: text('status').$type<MedicationStatus>().notNull().default('active'),
    /** The day it was paused: set exactly when the status is paused. */
    pausedOn: date('paused_on', { mode: 'string' }),
    /** The day it was stopped: set exactly when the status is stopped. */
    stoppedOn: date('stopped_on', { mode: 'string' }),
    stopReason: text('stop_reason'),
    refillsLeft: integer('refills_left'),
    quantityOnHand: integer('quantity_on_hand'),
    /** As the contract's MedicationSchedule writes it (times sorted, weekdays in order). */
    schedule: jsonb('schedule').$type<MedicationSchedule>().notNull(),
    /** Its due doses are reminded in quiet hours too (issue 33). */
    remindAtNight: boolean('remind_at_night').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    // The list (by name) and the day's doses and adherence (every medication of the patient).
    index('medications_user_idx').on(t.userId, t.name),
    // Removing a provider sets its medications' link to null: found by this index, not a scan.
    index('medications_provider_idx').on(t.providerId),
    check('medications_name_check', sql`btrim(${t.name}) <> ''`),
    check('medications_codes_check', isJsonArray(t.codes)),
    check('medications_identifiers_check', isJsonArray(t.identifiers)),
    check('medications_form_check', isOneOf(t.form, MEDICATION_FORMS)),
    check('medications_status_check', isOneOf(t.status, MEDICATION_STATUSES)),
    // A schedule without a known kind (not an object, no kind) is refused: coalesce, as a null would pass a CHECK.
    check('medications_schedule_kind_check', isOneOf(sql`coalesce(${t.schedule} ->> 'kind', '')`, SCHEDULE_KINDS)),
    check('medications_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    check('medications_paused_on_check', sql`(${t.status} = 'paused') = (${t.pausedOn} is not null)`),
    check('medications_stopped_on_check', sql`(${t.status} = 'stopped') = (${t.stoppedOn} is not null)`),
    check('medications_counts_check', sql`${t.refillsLeft} >= 0 and ${t.quantityOnHand} >= 0`),
  ],
);

/**
 * What became of a dose: a scheduled one (its day and time on the patient's clock, as the schedule gave it) taken,
 * skipped or missed, or an as-needed one (no day or time) taken. A due dose without an entry is "not logged".
 */
export const medicationDoses = pgTable(
  'medication_doses',
  {
    id: serial('id').primaryKey(),
    /** The medication's patient, kept on the row so that every read of the log is led by the patient. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    medicationId: integer('medication_id')
      .notNull()
      .references(() => medications.id, { onDelete: 'cascade' }),
    scheduledDate: date('scheduled_date', { mode: 'string' }),
    /** 24-hour 'HH:mm' on the patient's clock. */
    scheduledTime: text('scheduled_time'),
    status: text('status').$type<DoseStatus>().notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    /** Why it was skipped or missed. */
    reason: text('reason'),
    loggedAt: timestamp('logged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One entry per scheduled dose; as-needed entries (no day, no time) are not limited.
    uniqueIndex('medication_doses_scheduled_idx')
      .on(t.medicationId, t.scheduledDate, t.scheduledTime)
      .where(sql`${t.scheduledDate} is not null`),
    // The day's entries and adherence's counts over a window of days.
    index('medication_doses_user_date_idx').on(t.userId, t.scheduledDate),
    // The day's as-needed doses, by when they were taken.
    index('medication_doses_as_needed_idx').on(t.userId, t.takenAt).where(sql`${t.scheduledDate} is null`),
    // One medication's log, newest first, a page at a time (ADR 19: DESC NULLS FIRST, as ORDER BY … DESC means).
    index('medication_doses_log_idx').on(t.medicationId, t.loggedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('medication_doses_status_check', isOneOf(t.status, DOSE_STATUSES)),
    check('medication_doses_scheduled_check', sql`(${t.scheduledDate} is null) = (${t.scheduledTime} is null)`),
    check('medication_doses_scheduled_time_check', sql`${t.scheduledTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('medication_doses_taken_at_check', sql`(${t.status} = 'taken') = (${t.takenAt} is not null)`),
    check('medication_doses_as_needed_check', sql`${t.scheduledDate} is not null or ${t.status} = 'taken'`),
  ],
);
