// How the built-in assistant reads a question: normalised words, and matchers over them.

/**
 * The question as the rules read it: lower case, accents and apostrophes dropped ("can’t" → "cant"), every other
 * run of punctuation or spaces one space ("x-ray" → "x ray", "out-of-pocket" → "out of pocket").
 */
export function normaliseQuestion(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’‘`´]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A matcher true when any of the patterns occurs in the normalised text. */
export const anyOf =
  (...patterns: RegExp[]) =>
  (text: string) =>
    patterns.some((pattern) => pattern.test(text));

/**
 * Words that name the patient's own records, appointments, coverage or medications: a general-guidance intent leaves
 * such a question to the intents that read them ("do I have seasonal allergies on file?", "is my back pain visit
 * covered?", "what do I take for my blood pressure?").
 */
const ABOUT_OWN_RECORDS =
  /\b(on file|recorded|in my profile|my (profile|records?|chart|list)|appointments?|appts?|scheduled|overdue|covered|cover|coverage|copay)\b|\bdue\b(?! to\b)|\b(do|did) i take\b|\bam i taking\b|\bmy (meds|medications?|medicines?|pills|tablets|prescriptions?|doses?)\b/;

/** A matcher for a general-guidance topic: any of the patterns, in a question that is not about the patient's records. */
export const aboutTopic =
  (...patterns: RegExp[]) =>
  (text: string) =>
    anyOf(...patterns)(text) && !ABOUT_OWN_RECORDS.test(text);

/** Words that ask how to do something, for the how-to intents: "how do I…", "can I…", "I need to…". */
export const ASKS_HOW = /\b(how|where|can i|could i|do i|should i|want to|wanna|like to|need to|have to|help me|please|way to|steps|possible to)\b/;
