/**
 * The code systems the health lists name (issue 34). A code that comes in from another record is kept as it came,
 * whatever its system, and goes back out on export: these are only the ones the app itself reads or offers.
 */
export const CODE_SYSTEMS = {
  snomed: 'http://snomed.info/sct',
  icd10: 'http://hl7.org/fhir/sid/icd-10-cm',
  cvx: 'http://hl7.org/fhir/sid/cvx',
  rxnorm: 'http://www.nlm.nih.gov/research/umls/rxnorm',
} as const;

/** One code of a coded item: its system (a URI), the code, and the system's words for it when they came. */
export interface Coding {
  system: string;
  code: string;
  display?: string;
}

/** The code of `system` among an item's codes, or undefined. */
export function codeIn(codes: readonly Coding[], system: string): string | undefined {
  return codes.find((coding) => coding.system === system)?.code;
}

/** At most this many codes on one item: a real record sends one to three (SNOMED, ICD-10, a local code). */
export const MAX_CODES = 20;

/**
 * An identifier another record gave an item (a FHIR Identifier: a system URI, when it names one, and a value), kept so
 * that the item coming again is known by it before its code, day and words are compared, and sent back out on export
 * (issue 34). A Bundle entry's `fullUrl` is kept as one of the system `URI_SYSTEM`, as FHIR writes a URI as an
 * identifier. None for an item the patient typed.
 */
export interface SourceIdentifier {
  system?: string;
  value: string;
}

/** FHIR's system for an identifier that is a URI: a Bundle entry's `fullUrl` kept as an identifier. */
export const URI_SYSTEM = 'urn:ietf:rfc:3986';

/** At most this many identifiers on one item: a record sends one to three, and the Bundle entry's `fullUrl`. */
export const MAX_IDENTIFIERS = 10;
