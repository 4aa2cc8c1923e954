import { check, date, index, integer, jsonb, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import type { Coding } from '../../../shared/rules/codes';
import { APPOINTMENT_STATUSES, CONFIRMATION_CALL_STATUSES, type AppointmentStatus, type ConfirmationCallStatus } from '../../../shared/rules/statuses';
import { isJsonArray, isOneOf } from './checks';
import { preventativeCare } from './preventative-care';
import { providers } from './providers';
import { users } from './users';

export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'restrict' }),
    appointmentType: text('appointment_type').notNull(),
    /** A calendar date, not an instant: the patient's "Nov 23" must not move with time zones. */
    appointmentDate: date('appointment_date', { mode: 'string' }).notNull(),
    /** 24-hour 'HH:mm' for a chosen slot, or a preference: morning, afternoon, evening, any. */
    appointmentTime: text('appointment_time').notNull(),
    status: text('status').$type<AppointmentStatus>().notNull().default('scheduled'),
    notes: text('notes'),
    /** The codes of its type or service as another record sent them (issue 34); [] for one booked here. */
    codes: jsonb('codes').$type<Coding[]>().notNull().default([]),
    /** The preventative care item this visit was booked for: the item follows the appointment's status. */
    careItemId: integer('care_item_id').references(() => preventativeCare.id, { onDelete: 'set null' }),
    /** The iCalendar UID: random, so that it stays unique across installations and database resets. */
    calendarUid: uuid('calendar_uid').notNull().defaultRandom(),
    /** The confirmation call to the provider (issue 12): none (not configured or not asked for), placed or failed. */
    confirmationCallStatus: text('confirmation_call_status').$type<ConfirmationCallStatus>().notNull().default('none'),
    /** The call service's id for a placed call. */
    confirmationCallId: text('confirmation_call_id'),
    /** Why a call failed, in words the patient can read (the details are in the log). */
    confirmationCallError: text('confirmation_call_error'),
  },
  (t) => [
    index('appointments_user_date_idx').on(t.userId, t.appointmentDate, t.id),
    index('appointments_provider_idx').on(t.providerId),
    index('appointments_care_item_idx').on(t.careItemId),
    check('appointments_status_check', isOneOf(t.status, APPOINTMENT_STATUSES)),
    check('appointments_codes_check', isJsonArray(t.codes)),
    check('appointments_confirmation_call_status_check', isOneOf(t.confirmationCallStatus, CONFIRMATION_CALL_STATUSES)),
  ],
);
