import { BEDTIME, TIMES_FOR_DOSES_A_DAY, type MedicationForm, type MedicationSchedule } from './medications';

// Medications (issue 32): the profile's free-text medications field ("Lisinopril 10 mg once daily; Metformin 500mg
// twice a day with food") read into drafts the patient confirms, one per item. A guess, so it stays on the safe side:
// a schedule is guessed only from words that state one, and anything unstated is as needed, so no dose becomes due
// that the patient did not say they take.

/** One medication read from the text, for the patient to check before it is added. */
export interface MedicationDraft {
  name: string;
  /** A number with its unit, as '500 mg', '1,000 IU', '2%'; null when none is written. */
  strength: string | null;
  form: MedicationForm | null;
  schedule: MedicationSchedule;
  /** The words that are neither the name nor read as strength, form or schedule ('with food'); null when none. */
  instructions: string | null;
  /** Whether the schedule was read from the text; false: none was stated, and the draft is as needed. */
  scheduleGuessed: boolean;
}

/** The contract's longest name (requiredText's 200): a draft the form could not save would help no one. */
const MAX_NAME_LENGTH = 200;

/**
 * An item ends at a new line, a ';', or a comma not followed by a digit (the comma of '1,000 IU' is part of the
 * number).
 */
const ITEM_BREAK = /\r?\n|\r|;|,(?!\d)/;

/** A list's bullet or number before an item: '- ', '• ', '1. ', '2) '. */
const BULLET = /^\s*(?:[-*•·–]+|\d+[.)])\s+/;

/** The strength's units, each with the way the draft writes it. */
const UNITS: readonly [RegExp, string][] = [
  [/^mg$/i, 'mg'],
  [/^mcg$/i, 'mcg'],
  [/^[µμ]g$/i, 'µg'],
  [/^g$/i, 'g'],
  [/^ml$/i, 'mL'],
  [/^iu$/i, 'IU'],
  [/^units?$/i, 'units'],
  [/^%$/, '%'],
];

/**
 * A number with a unit: not the digits of a word ('B12'), and not a unit that runs on into a word ('5 grams' is
 * no 'g'). Longer units first, so '500mg' is milligrams.
 */
const STRENGTH = /(?<![\p{L}\p{N}.,])(\d+(?:[.,]\d+)*)\s*(mcg|mg|[µμ]g|g|ml|iu|units?|%)(?![\p{L}\p{N}])/giu;

/** The form's words, with an optional count before them ('1 tablet'), which is a dose and stays in the instructions. */
const FORMS: readonly [RegExp, MedicationForm][] = [
  [/\b(?:tablets?|tabs?)\b/i, 'tablet'],
  [/\b(?:capsules?|caps?)\b/i, 'capsule'],
  [/\binhalers?\b/i, 'inhaler'],
  [/\bdrops?\b/i, 'drops'],
  [/\bcreams?\b/i, 'cream'],
  [/\bpatch(?:es)?\b/i, 'patch'],
  [/\binjections?\b/i, 'injection'],
  [/\b(?:liquid|syrup)s?\b/i, 'liquid'],
];

const daily = (...times: string[]): MedicationSchedule => ({ kind: 'daily', times });

/**
 * The schedule's words, most telling first: 'as needed' wins over any times given with it (a reliever taken "twice
 * daily as needed" is not due twice a day), and 'twice daily' is read before 'daily'.
 */
const SCHEDULES: readonly [RegExp, MedicationSchedule][] = [
  [/\b(?:as needed|as required|when needed|p\.?r\.?n\.?)(?![\p{L}])/iu, { kind: 'as-needed' }],
  [/\b(?:(?:three times|3 ?x) (?:a |per |each )?(?:day|daily)|three times|t\.?i\.?d\.?)(?![\p{L}])/iu, daily(...TIMES_FOR_DOSES_A_DAY[3])],
  [/\b(?:(?:twice|two times|2 ?x) (?:a |per |each )?(?:day|daily)|b\.?i\.?d\.?)(?![\p{L}])/iu, daily(...TIMES_FOR_DOSES_A_DAY[2])],
  [/\b(?:(?:once )?(?:daily )?at (?:bedtime|night)|nightly|every night)\b/i, daily(BEDTIME)],
  [/\b(?:(?:once|1 ?x) (?:a |per )?(?:day|daily)|(?:every|each|in the) morning|every day|daily)\b/i, daily(...TIMES_FOR_DOSES_A_DAY[1])],
];

/** Where a recognised part sits in the item, and whether its text leaves the instructions. */
interface Span {
  start: number;
  end: number;
  /** False for a form with its count ('2 tablets'): the dose stays in the instructions. */
  removed: boolean;
}

const overlaps = (spans: Span[], start: number, end: number) => spans.some((span) => start < span.end && span.start < end);

/** The first match of a pattern that no earlier part has taken. */
function firstFree(pattern: RegExp, text: string, spans: Span[]): RegExpExecArray | null {
  const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  for (const match of text.matchAll(global)) {
    if (!overlaps(spans, match.index, match.index + match[0].length)) return match as RegExpExecArray;
  }
  return null;
}

/** Spaces collapsed and the punctuation left at either end by the parts taken out ('with food,' → 'with food'). */
function tidy(text: string): string {
  return text
    .replace(/\(\s*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.:)])/g, '$1')
    .replace(/^[\s,.:;\-–(]+|[\s,:;\-–(]+$/g, '')
    .trim();
}

/** An item read; whether it has words of its own before what was read (a name), and its words after. */
interface ReadItem {
  draft: MedicationDraft;
  named: boolean;
  words: string | null;
}

function readItem(item: string): ReadItem | null {
  const text = item.replace(BULLET, '').trim();
  if (!/[\p{L}\p{N}]/u.test(text)) return null;
  const spans: Span[] = [];

  let strength: string | null = null;
  const strengthMatch = firstFree(STRENGTH, text, spans);
  if (strengthMatch) {
    const amount = strengthMatch[1]!;
    // STRENGTH's units are UNITS' patterns, so one of them matches.
    const written = UNITS.find(([pattern]) => pattern.test(strengthMatch[2]!))![1];
    strength = written === '%' ? `${amount}%` : `${amount} ${written}`;
    spans.push({ start: strengthMatch.index, end: strengthMatch.index + strengthMatch[0].length, removed: true });
  }

  let schedule: MedicationSchedule | null = null;
  for (const [pattern, guess] of SCHEDULES) {
    // Every schedule phrase leaves the instructions ('once daily at bedtime' is all schedule); the first kind found
    // in this order is the schedule.
    for (let match = firstFree(pattern, text, spans); match; match = firstFree(pattern, text, spans)) {
      spans.push({ start: match.index, end: match.index + match[0].length, removed: true });
      // A copy: a draft the form edits must not change the table.
      schedule ??= structuredClone(guess);
    }
  }

  let form: MedicationForm | null = null;
  for (const [pattern, guess] of FORMS) {
    const match = firstFree(pattern, text, spans);
    if (!match) continue;
    form = guess;
    const counted = /(?<![\p{L}\p{N}.,])(?:\d+(?:\.\d+)?|one|two|three|half a)\s+$/iu.exec(text.slice(0, match.index));
    const start = counted ? counted.index : match.index;
    spans.push({ start, end: match.index + match[0].length, removed: !counted });
    break;
  }

  // The name is what comes before the first part read; the instructions are the rest, less what was read.
  const firstPart = Math.min(text.length, ...spans.map((span) => span.start));
  let name = tidy(text.slice(0, firstPart));
  const kept = spans.filter((span) => span.removed && span.start >= firstPart).sort((a, b) => a.start - b.start);
  let rest = '';
  let at = firstPart;
  for (const span of kept) {
    rest += `${text.slice(at, Math.max(at, span.start))} `;
    at = Math.max(at, span.end);
  }
  rest += text.slice(at);
  const words = tidy(rest) || null;
  let instructions = words;
  const named = name !== '';
  // An item that starts with what was read ('500 mg Tylenol'): its other words are the name, unless it is merged
  // into the item before (medicationDraftsFromText).
  if (!named) {
    name = instructions ?? tidy(text);
    instructions = null;
  }

  const draft: MedicationDraft = {
    name: name.slice(0, MAX_NAME_LENGTH).trim(),
    strength,
    form,
    schedule: schedule ?? { kind: 'as-needed' },
    instructions,
    scheduleGuessed: schedule !== null,
  };
  return { draft, named, words };
}

/**
 * Whether an item after a comma goes on with the medication before it rather than naming another: the comma rule
 * makes two items of "Amoxicillin 875 mg, twice daily", and "twice daily" is not a medication. It does when it has no
 * name of its own and no second strength ("Vitamin D 1,000 IU, 500 mg Tylenol" is two medications).
 */
function continues(before: MedicationDraft, item: ReadItem): boolean {
  return !item.named && (before.strength === null || item.draft.strength === null);
}

/** The medication before with what an item that continues it adds: what it lacked, and the item's other words. */
function merged(into: MedicationDraft, { draft, words }: ReadItem): MedicationDraft {
  return {
    ...into,
    strength: into.strength ?? draft.strength,
    form: into.form ?? draft.form,
    // As needed wins here as within an item: "twice daily, as needed" is a reliever, not two doses due a day.
    schedule: into.scheduleGuessed && !(draft.scheduleGuessed && draft.schedule.kind === 'as-needed') ? into.schedule : draft.schedule,
    scheduleGuessed: into.scheduleGuessed || draft.scheduleGuessed,
    instructions: [into.instructions, words].filter(Boolean).join(', ') || null,
  };
}

/**
 * The profile's free-text medications as drafts, one per item (items end at a new line, ';', or a comma not followed
 * by a digit): strength from a number with a unit, form from its words, the schedule guessed from common words
 * (otherwise as needed, scheduleGuessed false), the rest as instructions. Empty items are dropped, and an item after a
 * comma with no name of its own ('…, twice daily') goes on with the one before (continues).
 */
export function medicationDraftsFromText(text: string): MedicationDraft[] {
  const drafts: MedicationDraft[] = [];
  // Split with the breaks kept (item, break, item, …), to know which items follow a comma.
  const pieces = text.split(new RegExp(`(${ITEM_BREAK.source})`));
  for (let index = 0; index < pieces.length; index += 2) {
    const read = readItem(pieces[index]!);
    if (!read) continue;
    const before = drafts.at(-1);
    if (before && pieces[index - 1] === ',' && continues(before, read)) drafts[drafts.length - 1] = merged(before, read);
    else drafts.push(read.draft);
  }
  return drafts;
}
