import type { Identifier } from '@medplum/fhirtypes';
import { z } from 'zod';
import { MAX_IDENTIFIERS, type SourceIdentifier, URI_SYSTEM } from '../../shared/rules/codes';
import type { Resource } from './import-outcome';

// Where an item came from (issue 34): the identifiers of the resource, and its Bundle entry's fullUrl, kept on the row
// it became and sent back out on export. An item coming again is known by them first — the same Bundle downloaded
// again after the hospital corrected a condition's words or day, or an item the patient has since edited — and only
// then by its code, day and words. A resource that shares none of them may still be the same item by those.

/** The bounds of one identifier's system and value (archive/format.ts and the contracts' coding bounds). */
const PART_MAX = 500;

const Identifiers = z.array(z.looseObject({ system: z.string().optional(), value: z.string().optional() }));

/**
 * The identifiers of a resource that give a value, as they came (trimmed), each once, then its entry's fullUrl as an
 * identifier of the URI system; at most MAX_IDENTIFIERS. An identifier past the bounds, or not as FHIR writes one, is
 * left out: it only serves to know the item again.
 */
export function identifiersOf(resource: Resource, fullUrl: string | undefined): SourceIdentifier[] {
  const found: SourceIdentifier[] = [];
  const add = (system: string | undefined, value: string | undefined) => {
    const [trimmedSystem, trimmedValue] = [system?.trim() || undefined, value?.trim()];
    if (!trimmedValue || trimmedValue.length > PART_MAX || (trimmedSystem?.length ?? 0) > PART_MAX) return;
    if (found.some((each) => each.system === trimmedSystem && each.value === trimmedValue) || found.length === MAX_IDENTIFIERS) return;
    found.push(trimmedSystem === undefined ? { value: trimmedValue } : { system: trimmedSystem, value: trimmedValue });
  };
  const identifiers = Identifiers.safeParse(resource.identifier);
  for (const identifier of identifiers.success ? identifiers.data : []) add(identifier.system, identifier.value);
  add(URI_SYSTEM, fullUrl);
  return found;
}

/** One key per identifier: the system (none is its own) and the value. */
export const identifierKeys = (identifiers: readonly SourceIdentifier[]) => identifiers.map(({ system, value }) => `${system ?? ''}\u0000${value}`);

/** The rows of one table by the identifiers they came with: those the record had, and those added so far. */
export class KnownIdentifiers<Row> {
  readonly #rows = new Map<string, Row>();

  add(identifiers: readonly SourceIdentifier[], row: Row): void {
    for (const key of identifierKeys(identifiers)) if (!this.#rows.has(key)) this.#rows.set(key, row);
  }

  /** The row that came with one of these identifiers, or undefined. */
  find(identifiers: readonly SourceIdentifier[]): Row | undefined {
    for (const key of identifierKeys(identifiers)) {
      const row = this.#rows.get(key);
      if (row !== undefined) return row;
    }
    return undefined;
  }
}

/** The identifiers a row came with, as the export sends them back out: none when it came with none. */
export function identifierElements(identifiers: readonly SourceIdentifier[]): Identifier[] | undefined {
  return identifiers.length > 0 ? identifiers.map(({ system, value }) => (system === undefined ? { value } : { system, value })) : undefined;
}
