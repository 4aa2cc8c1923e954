import { type Coding, MAX_CODES, type SourceIdentifier } from '../../shared/rules/codes';
import type { FhirCodeableConcept } from './fhir-input';
import { identifierKeys } from './source-identifiers';

// The health lists' values (issue 34) between FHIR and the tables: the codes an item keeps, and when an item that
// comes in is one the record has already (so that the same Bundle twice, or the app's own export, adds nothing).

/** The contract's bounds of one coding (contracts/codings.ts). */
const SYSTEM_MAX = 500;
const CODE_MAX = 200;
const DISPLAY_MAX = 500;

/**
 * Every coding of a concept that names its system and code, as it came (trimmed), each once, at most MAX_CODES; a
 * coding past the contract's bounds is left out, a display past them is left off its coding.
 */
export function codesOf(concept: FhirCodeableConcept | undefined): Coding[] {
  const codes: Coding[] = [];
  for (const coding of concept?.coding ?? []) {
    const system = coding.system?.trim();
    const code = coding.code?.trim();
    if (!system || !code || system.length > SYSTEM_MAX || code.length > CODE_MAX) continue;
    if (codes.some((each) => each.system === system && each.code === code)) continue;
    const display = coding.display?.trim();
    codes.push({ system, code, ...(display && display.length <= DISPLAY_MAX ? { display } : {}) });
    if (codes.length === MAX_CODES) break;
  }
  return codes;
}

/** The texts of a resource's notes, one a paragraph, at most `max` characters; null when there is none. */
export function noteOf(notes: ReadonlyArray<{ text?: string }> | undefined, max: number): string | null {
  const text = (notes ?? [])
    .map((note) => note.text?.trim())
    .filter(Boolean)
    .join('\n\n');
  return text ? text.slice(0, max) : null;
}

/** What an item is matched by: where it came from, its words, its codes, and the day it is of (none for an allergy). */
export interface ItemKey {
  identifiers: readonly SourceIdentifier[];
  words: string;
  codes: readonly Coding[];
  day: string | null;
}

/**
 * The items of one list as the record has them, and those added so far: an item is there already when it came with
 * one of the same identifiers (source-identifiers.ts), whatever its words and day now; else when it shares a code
 * (the same system and code) and the day, or has the same words (case aside) and the day.
 */
export class KnownItems {
  readonly #keys = new Set<string>();

  add(item: ItemKey): void {
    for (const key of keysOf(item)) this.#keys.add(key);
  }

  has(item: ItemKey): boolean {
    return keysOf(item).some((key) => this.#keys.has(key));
  }
}

function keysOf({ identifiers, words, codes, day }: ItemKey): string[] {
  const on = day ?? '';
  return [
    ...identifierKeys(identifiers).map((key) => `identifier\u0000${key}`),
    `words\u0000${words.trim().toLowerCase()}\u0000${on}`,
    ...codes.map((coding) => `code\u0000${coding.system}\u0000${coding.code}\u0000${on}`),
  ];
}
