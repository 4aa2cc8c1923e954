CREATE TABLE "allergies" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"substance" text NOT NULL,
	"codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"type" text,
	"criticality" text,
	"reactions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allergies_substance_check" CHECK (btrim("allergies"."substance") <> ''),
	CONSTRAINT "allergies_type_check" CHECK ("allergies"."type" in ('allergy', 'intolerance')),
	CONSTRAINT "allergies_criticality_check" CHECK ("allergies"."criticality" in ('low', 'high', 'unable-to-assess')),
	CONSTRAINT "allergies_status_check" CHECK ("allergies"."status" in ('active', 'inactive', 'resolved')),
	CONSTRAINT "allergies_codes_check" CHECK (jsonb_typeof("allergies"."codes") = 'array'),
	CONSTRAINT "allergies_reactions_check" CHECK (jsonb_typeof("allergies"."reactions") = 'array')
);
--> statement-breakpoint
CREATE TABLE "conditions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"clinical_status" text DEFAULT 'active' NOT NULL,
	"onset_date" date,
	"abatement_date" date,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conditions_name_check" CHECK (btrim("conditions"."name") <> ''),
	CONSTRAINT "conditions_status_check" CHECK ("conditions"."clinical_status" in ('active', 'recurrence', 'relapse', 'inactive', 'remission', 'resolved')),
	CONSTRAINT "conditions_codes_check" CHECK (jsonb_typeof("conditions"."codes") = 'array'),
	CONSTRAINT "conditions_dates_check" CHECK ("conditions"."abatement_date" >= "conditions"."onset_date")
);
--> statement-breakpoint
CREATE TABLE "immunizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"vaccine" text NOT NULL,
	"codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"date" date NOT NULL,
	"dose_number" integer,
	"lot_number" text,
	"site" text,
	"performer" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "immunizations_vaccine_check" CHECK (btrim("immunizations"."vaccine") <> ''),
	CONSTRAINT "immunizations_codes_check" CHECK (jsonb_typeof("immunizations"."codes") = 'array'),
	CONSTRAINT "immunizations_dose_number_check" CHECK ("immunizations"."dose_number" between 1 and 99)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deceased" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deceased_date" date;--> statement-breakpoint
ALTER TABLE "allergies" ADD CONSTRAINT "allergies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conditions" ADD CONSTRAINT "conditions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "immunizations" ADD CONSTRAINT "immunizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allergies_user_idx" ON "allergies" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "conditions_user_idx" ON "conditions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "immunizations_user_idx" ON "immunizations" USING btree ("user_id","date");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_deceased_check" CHECK ("users"."deceased_date" is null or "users"."deceased");--> statement-breakpoint
-- Each line of the profile's two text boxes becomes an item, in the order it was written; nothing is lost (a line
-- keeps its words as typed, trimmed). Blank lines were never items.
INSERT INTO "conditions" ("user_id", "name")
SELECT "users"."id", btrim("line"."words", E' \t\r\f\v')
FROM "users", regexp_split_to_table("users"."existing_conditions", E'\n') WITH ORDINALITY AS "line"("words", "position")
WHERE btrim("line"."words", E' \t\r\f\v') <> ''
ORDER BY "users"."id", "line"."position";--> statement-breakpoint
INSERT INTO "allergies" ("user_id", "substance")
SELECT "users"."id", btrim("line"."words", E' \t\r\f\v')
FROM "users", regexp_split_to_table("users"."allergies", E'\n') WITH ORDINALITY AS "line"("words", "position")
WHERE btrim("line"."words", E' \t\r\f\v') <> ''
ORDER BY "users"."id", "line"."position";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "existing_conditions";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "allergies";--> statement-breakpoint
-- An import from a FHIR file is written to the activity feed (issue 34).
ALTER TABLE "activities" DROP CONSTRAINT "activities_activity_type_check";--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_activity_type_check" CHECK ("activities"."activity_type" in ('record_uploaded', 'insurance_added', 'insurance_updated', 'care_added', 'care_completed', 'care_reminder', 'appointment_scheduled', 'appointment_cancelled', 'appointment_completed', 'medication_started', 'medication_stopped', 'dose_logged', 'records_imported'));--> statement-breakpoint
-- A medication keeps the codes (RxNorm) the record that prescribed it sent (issue 34).
ALTER TABLE "medications" ADD COLUMN "codes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_codes_check" CHECK (jsonb_typeof("medications"."codes") = 'array');