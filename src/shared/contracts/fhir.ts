import { z } from 'zod';

// FHIR R4 in and out (ADR 18). The export is streamed as it is written; the import takes a Bundle as other records
// export them, and reads each resource with its own schema (src/server/fhir/fhir-input.ts).

/** A Bundle as far as the import needs to know it: its entries' resources, each with a type. Everything else is kept loose. */
export const FhirBundle = z
  .looseObject({
    resourceType: z.literal('Bundle', { message: "must be 'Bundle'" }),
    entry: z
      .array(
        z.looseObject({
          fullUrl: z.string().optional(),
          // Optional, as in FHIR: an entry may be a link or a search outcome only. Such an entry is skipped, with why.
          resource: z.looseObject({ resourceType: z.string().min(1, 'must name the resource type'), id: z.string().optional() }).optional(),
        }),
      )
      .max(100_000, 'at most 100,000 entries at once')
      .default([]),
  })
  .meta({ description: 'A FHIR R4 Bundle (http://hl7.org/fhir/R4/bundle.html)' });
export type FhirBundle = z.output<typeof FhirBundle>;

export const FhirImportResult = z
  .object({
    results: z.array(
      z.object({
        resourceType: z.string(),
        imported: z.int().nonnegative(),
        alreadyThere: z
          .int()
          .nonnegative()
          .meta({ description: 'How many were in the record already (the same item: a provider, a condition, a vital sign or lab result…), so nothing was added' }),
        skipped: z.array(z.object({ reason: z.string(), count: z.int().positive() })),
      }),
    ),
  })
  .meta({ id: 'FhirImportResult', description: 'Per resource type of the Bundle: how many were imported, how many were in the record already, and how many were skipped for each reason' });
export type FhirImportResult = z.output<typeof FhirImportResult>;

/**
 * POST /api/import/fhir's query: `preview=true` answers what the import would do and writes nothing (the browser shows
 * it before the patient confirms); `asPatient=confirm` imports a Bundle about a patient whose name or date of birth is
 * not the record's, without renaming the record (without it, such a Bundle is a 409 naming both).
 */
export const FhirImportQuery = z.object({
  preview: z.enum(['true', 'false'], { message: "must be 'true' or 'false'" }).default('false'),
  asPatient: z.literal('confirm', { message: "must be 'confirm'" }).optional(),
});
export type FhirImportQuery = z.input<typeof FhirImportQuery>;
