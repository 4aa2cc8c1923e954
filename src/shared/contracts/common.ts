import { z } from 'zod';

/** The largest id a serial column gives. */
export const MAX_SERIAL = 2_147_483_647;

/** A database id as it arrives in a path: digits only, so '1e3', ' 1' or '0x1' are refused. */
export const idString = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'must be a positive whole number')
  .transform(Number)
  .refine((id) => id <= MAX_SERIAL, 'must be a positive whole number');

/** A database id inside a JSON body. */
export const idNumber = z
  .number({ message: 'must be a positive whole number' })
  .int('must be a positive whole number')
  .positive('must be a positive whole number')
  .max(MAX_SERIAL, 'must be a positive whole number');

export const UserIdParams = z.object({ userId: idString });

/** A query's `limit`: digits only, 1 to `max`. */
export function limitParam(max: number) {
  const message = `must be a whole number from 1 to ${max}`;
  return z
    .string()
    .regex(/^[1-9]\d*$/, message)
    .transform(Number)
    .refine((limit) => limit <= max, message);
}
/** A whole number from `min` to `max` in a JSON body; every refusal (not a number, a fraction, out of range) says so. */
export function wholeNumberIn(min: number, max: number, message = `must be a whole number from ${min} to ${max}`) {
  return z.number({ message }).int(message).min(min, message).max(max, message);
}

export const IdParams = z.object({ id: idString });

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

function isRealDate(value: string): boolean {
  const match = DATE_ONLY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A calendar date. Accepts 'yyyy-MM-dd' or an ISO date-time, whose calendar date is taken as written
 * (the sender's own day), never shifted to the server's time zone. Always yields 'yyyy-MM-dd'.
 */
export function calendarDate(message = 'must be a date (yyyy-MM-dd)') {
  return z
    .string({ message })
    .trim()
    .transform((value, ctx) => {
      const datePart = DATE_TIME.exec(value)?.[1] ?? value;
      if (!isRealDate(datePart)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return datePart;
    });
}

/** Optional free text: trimmed, and '' or null stored as null. */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));
}

export function requiredText(message: string, max = 200) {
  return z.string({ message }).trim().min(1, message).max(max, `must be at most ${max} characters`);
}

/** Today's calendar date in UTC as 'yyyy-MM-dd'. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Response schemas describe two sides: what a service hands the serializer (the schema's output, e.g. a Date)
 * and what goes over the wire (its input, e.g. an ISO string), which the server encodes with z.encode.
 * The browser receives the wire side; this is its type.
 */
export type Json<Schema extends z.ZodType> = z.input<Schema>;

/** A row's id as the API sends it. */
export const id = z.int().positive();

/** A point in time: a Date on the server, an ISO 8601 string with its offset on the wire. */
export const instant = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/** A calendar date as stored and sent: 'yyyy-MM-dd'. */
export const dateOnly = z.iso.date();

/** The one error shape of the API (ADR 2): '{field}: {problem}' for invalid input, the spec's words elsewhere. */
export const ErrorBody = z.object({ message: z.string() }).meta({ id: 'Error', description: 'What went wrong' });
export type ErrorBody = z.infer<typeof ErrorBody>;
