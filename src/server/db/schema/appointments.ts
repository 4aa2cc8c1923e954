import { check, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from '../../../shared/rules/statuses';
import { isOneOf } from './checks';
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
  },
  (t) => [
    index('appointments_user_date_idx').on(t.userId, t.appointmentDate, t.id),
    index('appointments_provider_idx').on(t.providerId),
    check('appointments_status_check', isOneOf(t.status, APPOINTMENT_STATUSES)),
  ],
);
