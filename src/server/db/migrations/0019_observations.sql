CREATE TABLE "observations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"value_type" text NOT NULL,
	"value" double precision,
	"second_value" double precision,
	"comparator" text,
	"value_text" text,
	"unit" text,
	"chart_value" double precision,
	"second_chart_value" double precision,
	"reference_low" double precision,
	"reference_high" double precision,
	"reference_text" text,
	"source" text DEFAULT 'patient' NOT NULL,
	"source_name" text,
	"note" text,
	"medical_record_id" integer,
	"identifiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "observations_kind_check" CHECK ("observations"."kind" in ('vital-sign', 'laboratory')),
	CONSTRAINT "observations_value_type_check" CHECK ("observations"."value_type" in ('quantity', 'blood-pressure', 'text')),
	CONSTRAINT "observations_code_check" CHECK (btrim("observations"."code") <> ''),
	CONSTRAINT "observations_comparator_check" CHECK ("observations"."comparator" in ('<', '<=', '>', '>=')),
	CONSTRAINT "observations_source_check" CHECK ("observations"."source" in ('patient', 'device', 'provider', 'lab')),
	CONSTRAINT "observations_value_check" CHECK (case "observations"."value_type"
        when 'text' then "observations"."value_text" is not null and "observations"."value" is null and "observations"."second_value" is null and "observations"."chart_value" is null and "observations"."comparator" is null
        when 'quantity' then "observations"."value" is not null and "observations"."unit" is not null and "observations"."chart_value" is not null and "observations"."second_value" is null and "observations"."value_text" is null
        else "observations"."value" is not null and "observations"."second_value" is not null and "observations"."chart_value" is not null and "observations"."second_chart_value" is not null and "observations"."comparator" is null and "observations"."value_text" is null
      end),
	CONSTRAINT "observations_reference_check" CHECK ("observations"."reference_low" <= "observations"."reference_high"),
	CONSTRAINT "observations_identifiers_check" CHECK (jsonb_typeof("observations"."identifiers") = 'array')
);
--> statement-breakpoint
ALTER TABLE "activities" DROP CONSTRAINT "activities_activity_type_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "unit_system" text DEFAULT 'us' NOT NULL;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_medical_record_id_medical_records_id_fk" FOREIGN KEY ("medical_record_id") REFERENCES "public"."medical_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "observations_user_kind_idx" ON "observations" USING btree ("user_id","kind","taken_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "observations_user_code_idx" ON "observations" USING btree ("user_id","code","taken_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "observations_medical_record_idx" ON "observations" USING btree ("medical_record_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_unit_system_check" CHECK ("users"."unit_system" in ('metric', 'us'));--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_activity_type_check" CHECK ("activities"."activity_type" in ('record_uploaded', 'insurance_added', 'insurance_updated', 'care_added', 'care_completed', 'care_reminder', 'appointment_scheduled', 'appointment_cancelled', 'appointment_completed', 'medication_started', 'medication_stopped', 'dose_logged', 'records_imported', 'reading_recorded', 'readings_imported'));