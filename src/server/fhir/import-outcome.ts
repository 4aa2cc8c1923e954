import type { z } from 'zod';
import type { FhirBundle, FhirImportResult } from '../../shared/contracts/fhir';

// What became of each resource of an imported Bundle (ADR 18): imported, already in the record (issue 34: the same
// item found there, so nothing was added), or skipped with why; and the count of each per resource type that the
// import answers. Nothing is dropped silently.

export type Resource = NonNullable<FhirBundle['entry'][number]['resource']>;

/** Why a resource was not imported. */
export class Skip {
  constructor(readonly reason: string) {}
}
export type Outcome = 'imported' | 'alreadyThere' | Skip;
export const imported: Outcome = 'imported';
/** The record has this item already: nothing is added, and the answer counts it apart from what was added. */
export const alreadyThere: Outcome = 'alreadyThere';
export const skipped = (reason: string): Outcome => new Skip(reason);

export class Tally {
  readonly #counts = new Map<string, { imported: number; alreadyThere: number; skipped: Map<string, number> }>();
  add(resourceType: string, outcome: Outcome): void {
    const count = this.#counts.get(resourceType) ?? { imported: 0, alreadyThere: 0, skipped: new Map<string, number>() };
    if (outcome === 'imported') count.imported += 1;
    else if (outcome === 'alreadyThere') count.alreadyThere += 1;
    else count.skipped.set(outcome.reason, (count.skipped.get(outcome.reason) ?? 0) + 1);
    this.#counts.set(resourceType, count);
  }
  results(): FhirImportResult['results'] {
    return [...this.#counts.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([resourceType, { imported: count, alreadyThere: there, skipped: reasons }]) => ({
        resourceType,
        imported: count,
        alreadyThere: there,
        skipped: [...reasons.entries()].map(([reason, n]) => ({ reason, count: n })),
      }));
  }
}

/** Reads one resource with its schema: the first problem is the reason it is skipped. */
export function read<Schema extends z.ZodType>(schema: Schema, resource: Resource): z.output<Schema> | Skip {
  const parsed = schema.safeParse(resource);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  return new Skip(`not read: ${issue.path.map(String).join('.') || 'the resource'} ${issue.message}`);
}
