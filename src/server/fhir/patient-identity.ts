import { formatDate } from '../../shared/rules/formats';
import type { FhirBundle } from '../../shared/contracts/fhir';
import { calendarDayOf, FhirPatient } from './fhir-input';

// Issue 34: a Bundle about someone else must not rename the record and merge their allergies into it unnoticed. The
// Bundle's Patient is compared with the record's patient before anything is written; a difference is a 409 naming
// both, which the patient may overrule (`asPatient=confirm`: the file is theirs under another name), and then the
// record keeps its own name and birth date.

/** Who a record's patient is, as the users row says. */
export interface RecordPerson {
  displayName: string;
  firstName: string | null;
  lastName: string | null;
  dateOfBirth: string | null;
}

/** Who the Bundle is about: its Patient's name and birth date, as far as it gives them. */
export interface BundlePerson {
  name: string | null;
  given: string | null;
  family: string | null;
  birthDate: string | null;
}

/** The Bundle's first Patient, or null when it holds none (a Bundle of documents only is about no one in particular). */
export function personOfBundle(bundle: FhirBundle): BundlePerson | null {
  for (const entry of bundle.entry) {
    const parsed = FhirPatient.safeParse(entry.resource);
    if (!parsed.success) continue;
    const name = parsed.data.name?.find((each) => each.use === 'official') ?? parsed.data.name?.[0];
    const given = name?.given?.join(' ').trim() || null;
    const family = name?.family?.trim() || null;
    const words = name?.text?.trim() || [given, family].filter(Boolean).join(' ') || null;
    return { name: words, given, family, birthDate: calendarDayOf(parsed.data.birthDate) };
  }
  return null;
}

/**
 * A name's words to compare: lower case, without accents, titles or the digits Synthea adds to its names
 * ('Darnell974' is Darnell), one space apart.
 */
function wordsOf(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\d+/g, '')
    .replace(/\b(mr|mrs|ms|miss|dr|prof)\b\.?/g, ' ')
    .split(/[^\p{L}'-]+/u)
    .filter((word) => word !== '');
}

/** The record's first and last name words: its own fields, else the first and last words of the display name. */
function recordNames(record: RecordPerson): { first: string | null; last: string | null } {
  const display = wordsOf(record.displayName);
  const first = record.firstName ? (wordsOf(record.firstName)[0] ?? null) : (display[0] ?? null);
  const lastWords = record.lastName ? wordsOf(record.lastName) : display.slice(1);
  return { first, last: lastWords.at(-1) ?? null };
}

/**
 * Whether the Bundle is about someone other than the record's patient: another last name, another first initial (a
 * first name is often a short form of the record's: Sam for Samantha, Bob for Robert), or another birth date. What
 * either side does not give is no difference (a record without a birth date, a Patient without a name).
 */
export function isSomeoneElse(record: RecordPerson, person: BundlePerson): boolean {
  if (record.dateOfBirth && person.birthDate && record.dateOfBirth !== person.birthDate) return true;
  const { first, last } = recordNames(record);
  const theirFirst = person.given ? wordsOf(person.given)[0] : person.name ? wordsOf(person.name)[0] : undefined;
  const theirLast = person.family ? wordsOf(person.family).at(-1) : person.name ? wordsOf(person.name).slice(1).at(-1) : undefined;
  if (first && theirFirst && first[0] !== theirFirst[0]) return true;
  return Boolean(last && theirLast && last !== theirLast);
}

const described = (name: string | null, birthDate: string | null) =>
  `${name ?? 'someone without a name'}${birthDate ? `, born ${formatDate(birthDate)}` : ''}`;

/** The 409's words: both people, and what to do. */
export function someoneElseMessage(record: RecordPerson, person: BundlePerson): string {
  return (
    `This file is about ${described(person.name, person.birthDate)}; this record is ${described(record.displayName, record.dateOfBirth)}. ` +
    'Import it only if it is the same person: the record keeps its own name and birth date.'
  );
}
