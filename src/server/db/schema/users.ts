import { sql } from 'drizzle-orm';
import { boolean, check, date, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { COMMUNICATION_PREFERENCES, type CommunicationPreference } from '../../../shared/rules/statuses';
import { isOneOf } from './checks';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    /** A scrypt hash, never the password itself; no response ever carries it. */
    passwordHash: text('password_hash').notNull(),
    displayName: text('display_name').notNull(),
    email: text('email').notNull().unique(),
    phoneNumber: text('phone_number'),
    avatarUrl: text('avatar_url'),
    // Profile and onboarding (part 2 §3).
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    existingConditions: text('existing_conditions'),
    medications: text('medications'),
    allergies: text('allergies'),
    communicationPreference: text('communication_preference').$type<CommunicationPreference>().notNull().default('email'),
    appointmentReminders: boolean('appointment_reminders').notNull().default(true),
    healthTips: boolean('health_tips').notNull().default(true),
    onboardedAt: timestamp('onboarded_at', { withTimezone: true }),
  },
  (t) => [
    check('users_communication_preference_check', isOneOf(t.communicationPreference, COMMUNICATION_PREFERENCES)),
    check('users_display_name_check', sql`length(${t.displayName}) between 1 and 200`),
  ],
);
