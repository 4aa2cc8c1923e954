/**
 * The spec fixes the patient as user 1 on every screen and every call (part 1 §1 (docs/product.md#part-1-1), §6 (docs/product.md#part-1-6)). The server
 * reads it from here (the open app's patient, backups); the browser takes the patient from GET /api/session (issue 31).
 */
export const CURRENT_USER_ID = 1;

/** Sex assigned at birth, which screening rules depend on; null on the patient means "not stated". */
export const SEXES_AT_BIRTH = ['female', 'male'] as const;
export type SexAtBirth = (typeof SEXES_AT_BIRTH)[number];

/**
 * Names found to be time zones. The check builds a formatter, and a screen asks it of the patient's zone on every
 * render of every row; only names that are zones are kept, so the set stays within the runtime's own list.
 */
const knownZones = new Set<string>();

/** Whether the runtime knows this IANA time zone name ('Europe/Berlin'); Node and browsers share the ICU list. */
export function isTimeZone(name: string): boolean {
  if (knownZones.has(name)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
  } catch {
    return false;
  }
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  knownZones.add(name);
  return true;
}

/** A stored zone name as something to compute with: null when there is none or the runtime does not know it. */
export function knownTimeZone(name: string | null | undefined): string | null {
  return name && isTimeZone(name) ? name : null;
}

/**
 * The calendar day it is now where the patient lives, 'yyyy-MM-dd': in their time zone when they gave one,
 * else in the zone of the machine running the app (a laptop's own, for the usual install).
 */
export function todayIn(timeZone: string | null, now: Date = new Date()): string {
  return dayFormat(timeZone).format(now);
}

/**
 * One formatter per zone: making one costs ~44 µs, using it ~1 µs, and a day's doses or adherence ask tens of times a
 * request (npm run bench -- medications). The machine's zone (null) is looked up afresh each time, as it can change.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string | null): Intl.DateTimeFormat {
  // en-CA writes dates as yyyy-MM-dd.
  const make = () => new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? undefined, year: 'numeric', month: '2-digit', day: '2-digit' });
  if (timeZone === null) return make();
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = make();
    dayFormats.set(timeZone, format);
  }
  return format;
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** A time on the patient's clock, 24-hour 'HH:mm', and the words when one is not. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
export const TIME_OF_DAY_MESSAGE = 'must be a time of day such as 08:00';

/**
 * The patient's clock at an instant: their day ('yyyy-MM-dd') and time ('HH:mm', 24-hour), in their time zone or,
 * without one, the machine's — what a dose taken at that instant is filed under, on the server and in the browser.
 */
export function clockIn(timeZone: string | null, instant: Date): { date: string; time: string } {
  const key = timeZone ?? '';
  let format = timeZone === null ? undefined : clockFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: timeZone ?? undefined,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    // The machine's zone (null) is looked up afresh each time, as todayIn's is.
    if (timeZone !== null) clockFormats.set(key, format);
  }
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of format.formatToParts(instant)) part[type] = value;
  return { date: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}` };
}
