ALTER TABLE "preventative_care" ADD COLUMN "category" text DEFAULT 'Primary Care' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "confirmation_call_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "confirmation_call_id" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "confirmation_call_error" text;--> statement-breakpoint
-- Existing items take the category their name suggests, as a new one does (src/shared/rules/care.ts, categoryForCare).
UPDATE "preventative_care" SET "category" = CASE
  WHEN lower("care_name") LIKE '%dental%' OR lower("care_name") LIKE '%teeth%' THEN 'Dental'
  WHEN lower("care_name") LIKE '%eye%' OR lower("care_name") LIKE '%vision%' THEN 'Vision'
  ELSE 'Primary Care' END;--> statement-breakpoint
ALTER TABLE "preventative_care" ADD CONSTRAINT "preventative_care_category_check" CHECK ("preventative_care"."category" in ('Primary Care', 'Dental', 'Vision', 'Specialty Care'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_confirmation_call_status_check" CHECK ("appointments"."confirmation_call_status" in ('none', 'placed', 'failed'));