import { z } from 'zod';
import { UNIT_SYSTEMS } from '../rules/unit-systems';
import { isTimeZone, SEXES_AT_BIRTH } from '../rules/patient';
import { COMMUNICATION_PREFERENCES } from '../rules/statuses';
import { calendarDate, dateOnly, id, instant, optionalText, todayUtc, type Json } from './common';

/**
 * An avatar is a small image kept as a data URL (the profile's photo upload). No remote address: the page's
 * CSP allows images only from itself and data URLs, and a third-party image would tell its host who looks.
 */
const AVATAR_MAX_CHARS = 700_000;
const avatarUrl = z
  .string()
  .max(AVATAR_MAX_CHARS, 'must be an image of at most 500 KB')
  .refine(
    (value) => /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*$/.test(value),
    'must be a PNG, JPEG, GIF or WebP image data URL',
  )
  .nullish();

/** The latest calendar date anywhere on Earth now (UTC+14), so a birth today in Kiribati is not "in the future". */
const latestToday = () => todayUtc(new Date(Date.now() + 14 * 60 * 60 * 1000));

/** The earliest date of birth the API accepts, and the first day the birth-date picker offers. */
export const EARLIEST_BIRTH_DATE = '1900-01-01';

/** A date of birth: a real calendar date, not ahead of today and not before 1900. */
export function dateOfBirth(requiredMessage: string) {
  return calendarDate(requiredMessage)
    .refine((date) => date <= latestToday(), 'Date of birth cannot be in the future')
    .refine((date) => date >= EARLIEST_BIRTH_DATE, 'Date of birth must be in 1900 or later');
}

export const timeZone = z
  .string({ message: 'must be a time zone name such as Europe/Berlin' })
  .trim()
  .max(64, 'must be a time zone name such as Europe/Berlin')
  .refine(isTimeZone, 'must be a time zone name such as Europe/Berlin');

/** The profile's Personal Information (part 2 §5 (docs/product.md#part-2-5)) and, beyond the spec, what screenings and reminders need. */
export const profileFields = {
  displayName: z.string({ message: 'Name must be at least 2 characters' }).trim().min(2, 'Name must be at least 2 characters').max(200),
  // Stored lower-cased, so that one address cannot belong to two people by its capitals.
  email: z.string({ message: 'Please enter a valid email address' }).trim().toLowerCase().pipe(z.email('Please enter a valid email address')),
  phoneNumber: optionalText(40),
  avatarUrl,
  dateOfBirth: dateOfBirth('must be a date (yyyy-MM-dd)').nullable(),
  sexAtBirth: z.enum(SEXES_AT_BIRTH, { message: "must be 'female', 'male' or null (not stated)" }).nullable(),
  timeZone: timeZone.nullable(),
  existingConditions: optionalText(2000),
  medications: optionalText(2000),
  allergies: optionalText(2000),
  /** The units vitals and lab results are shown in (issue 35). */
  unitSystem: z.enum(UNIT_SYSTEMS, { message: `must be one of ${UNIT_SYSTEMS.join(', ')}` }),
};

/** PATCH /api/users/{id} — the profile's save: any of its fields; null clears an optional one. */
export const UpdateUserBody = z
  .object(profileFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update');
export type UpdateUserBody = z.input<typeof UpdateUserBody>;

/** A user as the API shows it: never the password or its hash (the schema does not declare them, so they are never sent). */
export const User = z
  .object({
    id,
    username: z.string(),
    displayName: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    sexAtBirth: z.enum(SEXES_AT_BIRTH).nullable().meta({ description: 'null: not stated' }),
    timeZone: z.string().nullable().meta({ description: 'IANA time zone name' }),
    dateOfBirth: dateOnly.nullable(),
    deceased: z.boolean().meta({ description: 'The patient has died (a record imported from a hospital may say so)' }),
    deceasedDate: dateOnly.nullable().meta({ description: 'The day of death when the record gives it' }),
    existingConditions: z.string().nullable().meta({ description: 'The current conditions, one a line (GET /api/conditions/{userId})' }),
    medications: z.string().nullable(),
    allergies: z.string().nullable().meta({ description: 'The active allergies, one a line (GET /api/allergies/{userId})' }),
    communicationPreference: z.enum(COMMUNICATION_PREFERENCES),
    appointmentReminders: z.boolean(),
    healthTips: z.boolean(),
    unitSystem: z.enum(UNIT_SYSTEMS).meta({ description: 'The units vitals and lab results are shown in: metric (kg, °C, mmol/L) or US (lb, °F, mg/dL)' }),
    onboardedAt: instant.nullable(),
  })
  .meta({ id: 'User' });
export type User = Json<typeof User>;
