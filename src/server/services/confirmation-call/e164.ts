import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/**
 * A provider's phone as the patient wrote it → E.164, or null when it is not a number that can be dialled: a local
 * number is read as one of `country`, a leading '+' names its own country, an extension is dropped. A number outside
 * the country's numbering plan (the demo's made-up (555) numbers) is null too, so it is never dialled.
 */
export function toE164(phone: string, country: CountryCode): string | null {
  const number = parsePhoneNumberFromString(phone, country);
  return number?.isValid() ? number.number : null;
}

/** The country an E.164 number belongs to ('+442079460018' → 'GB'); null for a range no single country owns. */
export function countryOfE164(e164: string): CountryCode | null {
  return parsePhoneNumberFromString(e164)?.country ?? null;
}
