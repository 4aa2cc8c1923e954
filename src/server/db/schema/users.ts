import { sql } from 'drizzle-orm';
import { boolean, check, date, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { SEXES_AT_BIRTH, type SexAtBirth } from '../../../shared/rules/patient';
import { UNIT_SYSTEMS, type UnitSystem } from '../../../shared/rules/unit-systems';
import { COMMUNICATION_PREFERENCES, type CommunicationPreference } from '../../../shared/rules/statuses';
import { isOneOf } from './checks';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    displayName: text('display_name').notNull(),
    email: text('email').notNull().unique(),
    phoneNumber: text('phone_number'),
    avatarUrl: text('avatar_url'),
    // Profile and onboarding (part 2 §3 (docs/product.md#part-2-3)).
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** null: not stated. */
    sexAtBirth: text('sex_at_birth').$type<SexAtBirth>(),
    /** An IANA name; null until the patient saves one (the browser's own zone is offered). */
    timeZone: text('time_zone'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    /**
     * The patient has died (issue 34: a record imported from a hospital's FHIR export may say so): no recommendations,
     * no reminders, and the age is the age at death. The day when the record gives it.
     */
    deceased: boolean('deceased').notNull().default(false),
    deceasedDate: date('deceased_date', { mode: 'string' }),
    medications: text('medications'),
    communicationPreference: text('communication_preference').$type<CommunicationPreference>().notNull().default('email'),
    appointmentReminders: boolean('appointment_reminders').notNull().default(true),
    healthTips: boolean('health_tips').notNull().default(true),
    /** The units vitals and lab results are shown in (issue 35): metric (kg, °C, mmol/L) or US (lb, °F, mg/dL). */
    unitSystem: text('unit_system').$type<UnitSystem>().notNull().default('us'),
    onboardedAt: timestamp('onboarded_at', { withTimezone: true }),
    /** The seeded demo patient: counts as onboarded, and Settings offers to remove it ('Start with my own data'). */
    isDemo: boolean('is_demo').notNull().default(false),
  },
  (t) => [
    check('users_communication_preference_check', isOneOf(t.communicationPreference, COMMUNICATION_PREFERENCES)),
    check('users_display_name_check', sql`length(${t.displayName}) between 1 and 200`),
    check('users_unit_system_check', isOneOf(t.unitSystem, UNIT_SYSTEMS)),
    check('users_sex_at_birth_check', isOneOf(t.sexAtBirth, SEXES_AT_BIRTH)),
    check('users_deceased_check', sql`${t.deceasedDate} is null or ${t.deceased}`),
  ],
);
