CREATE TABLE "medication_doses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"medication_id" integer NOT NULL,
	"scheduled_date" date,
	"scheduled_time" text,
	"status" text NOT NULL,
	"taken_at" timestamp with time zone,
	"reason" text,
	"logged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medication_doses_status_check" CHECK ("medication_doses"."status" in ('taken', 'skipped', 'missed')),
	CONSTRAINT "medication_doses_scheduled_check" CHECK (("medication_doses"."scheduled_date" is null) = ("medication_doses"."scheduled_time" is null)),
	CONSTRAINT "medication_doses_scheduled_time_check" CHECK ("medication_doses"."scheduled_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "medication_doses_taken_at_check" CHECK (("medication_doses"."status" = 'taken') = ("medication_doses"."taken_at" is not null)),
	CONSTRAINT "medication_doses_as_needed_check" CHECK ("medication_doses"."scheduled_date" is not null or "medication_doses"."status" = 'taken')
);
--> statement-breakpoint
CREATE TABLE "medications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"strength" text,
	"form" text,
	"dose" text,
	"route" text,
	"instructions" text,
	"reason" text,
	"prescriber" text,
	"provider_id" integer,
	"pharmacy" text,
	"start_date" date,
	"end_date" date,
	"status" text DEFAULT 'active' NOT NULL,
	"paused_on" date,
	"stopped_on" date,
	"stop_reason" text,
	"refills_left" integer,
	"quantity_on_hand" integer,
	"schedule" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medications_name_check" CHECK (btrim("medications"."name") <> ''),
	CONSTRAINT "medications_form_check" CHECK ("medications"."form" in ('tablet', 'capsule', 'liquid', 'inhaler', 'injection', 'patch', 'drops', 'cream', 'other')),
	CONSTRAINT "medications_status_check" CHECK ("medications"."status" in ('active', 'paused', 'stopped')),
	CONSTRAINT "medications_schedule_kind_check" CHECK (coalesce("medications"."schedule" ->> 'kind', '') in ('daily', 'weekdays', 'every-hours', 'as-needed')),
	CONSTRAINT "medications_dates_check" CHECK ("medications"."end_date" >= "medications"."start_date"),
	CONSTRAINT "medications_paused_on_check" CHECK (("medications"."status" = 'paused') = ("medications"."paused_on" is not null)),
	CONSTRAINT "medications_stopped_on_check" CHECK (("medications"."status" = 'stopped') = ("medications"."stopped_on" is not null)),
	CONSTRAINT "medications_counts_check" CHECK ("medications"."refills_left" >= 0 and "medications"."quantity_on_hand" >= 0)
);
--> statement-breakpoint
ALTER TABLE "activities" DROP CONSTRAINT "activities_icon_type_check";--> statement-breakpoint
ALTER TABLE "activities" DROP CONSTRAINT "activities_activity_type_check";--> statement-breakpoint
ALTER TABLE "medication_doses" ADD CONSTRAINT "medication_doses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medication_doses" ADD CONSTRAINT "medication_doses_medication_id_medications_id_fk" FOREIGN KEY ("medication_id") REFERENCES "public"."medications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medications" ADD CONSTRAINT "medications_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "medication_doses_scheduled_idx" ON "medication_doses" USING btree ("medication_id","scheduled_date","scheduled_time") WHERE "medication_doses"."scheduled_date" is not null;--> statement-breakpoint
CREATE INDEX "medication_doses_user_date_idx" ON "medication_doses" USING btree ("user_id","scheduled_date");--> statement-breakpoint
CREATE INDEX "medication_doses_as_needed_idx" ON "medication_doses" USING btree ("user_id","taken_at") WHERE "medication_doses"."scheduled_date" is null;--> statement-breakpoint
CREATE INDEX "medication_doses_log_idx" ON "medication_doses" USING btree ("medication_id","logged_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "medications_user_idx" ON "medications" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "medications_provider_idx" ON "medications" USING btree ("provider_id");--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_icon_type_check" CHECK ("activities"."icon_type" in ('folder_open', 'calendar_today', 'notifications', 'check_circle', 'health_and_safety', 'medication'));--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_activity_type_check" CHECK ("activities"."activity_type" in ('record_uploaded', 'insurance_added', 'insurance_updated', 'care_added', 'care_completed', 'care_reminder', 'appointment_scheduled', 'appointment_cancelled', 'appointment_completed', 'medication_started', 'medication_stopped', 'dose_logged'));