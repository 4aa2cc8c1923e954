import { z } from 'zod';
import { COMMUNICATION_PREFERENCES } from '../rules/statuses';
import { dateOnly, id, instant, optionalText, type Json } from './common';

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

/** PATCH /api/users/{id} — the profile's save (part 2 §5). */
export const UpdateUserBody = z
  .object({
    displayName: z.string({ message: 'Name must be at least 2 characters' }).trim().min(2, 'Name must be at least 2 characters').max(200),
    // Stored lower-cased, so that one address cannot belong to two people by its capitals.
    email: z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email address')),
    phoneNumber: optionalText(40),
    avatarUrl,
  })
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
    dateOfBirth: dateOnly.nullable(),
    existingConditions: z.string().nullable(),
    medications: z.string().nullable(),
    allergies: z.string().nullable(),
    communicationPreference: z.enum(COMMUNICATION_PREFERENCES),
    appointmentReminders: z.boolean(),
    healthTips: z.boolean(),
    onboardedAt: instant.nullable(),
  })
  .meta({ id: 'User' });
export type User = Json<typeof User>;
