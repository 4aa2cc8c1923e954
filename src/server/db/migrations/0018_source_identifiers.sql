ALTER TABLE "providers" ADD COLUMN "identifiers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "insurance_plans" ADD COLUMN "codes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "preventative_care" ADD COLUMN "codes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "preventative_care" ADD COLUMN "identifiers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "codes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "identifiers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "allergies" ADD COLUMN "identifiers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "conditions" ADD COLUMN "identifiers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "immunizations" ADD COLUMN "identifiers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_identifiers_check" CHECK (jsonb_typeof("providers"."identifiers") = 'array');--> statement-breakpoint
ALTER TABLE "insurance_plans" ADD CONSTRAINT "insurance_plans_codes_check" CHECK (jsonb_typeof("insurance_plans"."codes") = 'array');--> statement-breakpoint
ALTER TABLE "preventative_care" ADD CONSTRAINT "preventative_care_codes_check" CHECK (jsonb_typeof("preventative_care"."codes") = 'array');--> statement-breakpoint
ALTER TABLE "preventative_care" ADD CONSTRAINT "preventative_care_identifiers_check" CHECK (jsonb_typeof("preventative_care"."identifiers") = 'array');--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_codes_check" CHECK (jsonb_typeof("appointments"."codes") = 'array');--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_identifiers_check" CHECK (jsonb_typeof("medications"."identifiers") = 'array');--> statement-breakpoint
ALTER TABLE "allergies" ADD CONSTRAINT "allergies_identifiers_check" CHECK (jsonb_typeof("allergies"."identifiers") = 'array');--> statement-breakpoint
ALTER TABLE "conditions" ADD CONSTRAINT "conditions_identifiers_check" CHECK (jsonb_typeof("conditions"."identifiers") = 'array');--> statement-breakpoint
ALTER TABLE "immunizations" ADD CONSTRAINT "immunizations_identifiers_check" CHECK (jsonb_typeof("immunizations"."identifiers") = 'array');--> statement-breakpoint

-- A care item that is a vaccine and was done is an immunization given (issue 34): what was completed before the
-- immunizations list existed (an earlier FHIR import made each Immunization such an item) becomes one, with the item's
-- name and the day it was last done, unless the list has it already. The care items stay. The words are the ACIP rules'
-- (shared/rules/guidelines.ts) as they were when this was written: a migration is history and does not follow them.
INSERT INTO "immunizations" ("user_id", "vaccine", "date")
SELECT "care"."user_id", btrim("care"."care_name"), "care"."last_completed"
FROM "preventative_care" AS "care"
WHERE "care"."last_completed" IS NOT NULL
  AND btrim("care"."care_name") <> ''
  AND lower("care"."care_name") LIKE ANY (ARRAY[
    '%flu shot%', '%flu vaccine%', '%influenza%',
    '%tetanus%', '%tdap%', '%td booster%', '%td vaccine%',
    '%shingles%', '%shingrix%', '%zoster%',
    '%pneumococcal%', '%pneumonia vaccine%', '%prevnar%', '%pcv20%', '%pcv21%', '%capvaxive%'
  ])
  AND NOT EXISTS (
    SELECT 1 FROM "immunizations" AS "given"
    WHERE "given"."user_id" = "care"."user_id"
      AND "given"."date" = "care"."last_completed"
      AND lower(btrim("given"."vaccine")) = lower(btrim("care"."care_name"))
  )
ORDER BY "care"."user_id", "care"."last_completed", "care"."id";
