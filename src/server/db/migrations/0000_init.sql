CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"display_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"avatar_url" text,
	"date_of_birth" date,
	"existing_conditions" text,
	"medications" text,
	"allergies" text,
	"communication_preference" text DEFAULT 'email' NOT NULL,
	"appointment_reminders" boolean DEFAULT true NOT NULL,
	"health_tips" boolean DEFAULT true NOT NULL,
	"onboarded_at" timestamp with time zone,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_communication_preference_check" CHECK ("users"."communication_preference" in ('email', 'sms', 'both', 'none')),
	CONSTRAINT "users_display_name_check" CHECK (length("users"."display_name") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"specialty" text,
	"phone" text,
	"address" text
);
--> statement-breakpoint
CREATE TABLE "insurance_benefits" (
	"id" serial PRIMARY KEY NOT NULL,
	"insurance_id" integer NOT NULL,
	"service_name" text NOT NULL,
	"in_network_coverage" text NOT NULL,
	"out_of_network_coverage" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"member_id" text NOT NULL,
	"group_number" text,
	"plan_type" text DEFAULT 'PPO' NOT NULL,
	"effective_date" date NOT NULL,
	"deductible" integer DEFAULT 0 NOT NULL,
	"deductible_met" integer DEFAULT 0 NOT NULL,
	"out_of_pocket_max" integer DEFAULT 0 NOT NULL,
	"out_of_pocket_met" integer DEFAULT 0 NOT NULL,
	"is_primary" boolean DEFAULT true NOT NULL,
	CONSTRAINT "insurance_plans_amounts_check" CHECK ("insurance_plans"."deductible" >= 0 and "insurance_plans"."deductible_met" >= 0 and "insurance_plans"."out_of_pocket_max" >= 0 and "insurance_plans"."out_of_pocket_met" >= 0)
);
--> statement-breakpoint
CREATE TABLE "medical_record_files" (
	"record_id" integer PRIMARY KEY NOT NULL,
	"contents" "bytea" NOT NULL,
	CONSTRAINT "medical_record_files_size_check" CHECK (octet_length("medical_record_files"."contents") <= 20971520)
);
--> statement-breakpoint
CREATE TABLE "medical_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"filename" text NOT NULL,
	"file_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"upload_date" timestamp with time zone DEFAULT now() NOT NULL,
	"description" text,
	"insurance_id" integer,
	CONSTRAINT "medical_records_file_type_check" CHECK ("medical_records"."file_type" in ('application/pdf', 'image/jpeg', 'image/png')),
	CONSTRAINT "medical_records_file_size_check" CHECK ("medical_records"."file_size" between 1 and 20971520),
	CONSTRAINT "medical_records_filename_check" CHECK (length("medical_records"."filename") between 1 and 255)
);
--> statement-breakpoint
CREATE TABLE "preventative_care" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"care_name" text NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'upcoming' NOT NULL,
	"recurring_months" integer,
	"last_completed" date,
	"notes" text,
	CONSTRAINT "preventative_care_status_check" CHECK ("preventative_care"."status" in ('overdue', 'scheduled', 'upcoming', 'completed')),
	CONSTRAINT "preventative_care_recurring_months_check" CHECK ("preventative_care"."recurring_months" between 1 and 1200)
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"appointment_type" text NOT NULL,
	"appointment_date" date NOT NULL,
	"appointment_time" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"notes" text,
	CONSTRAINT "appointments_status_check" CHECK ("appointments"."status" in ('scheduled', 'completed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"activity_type" text DEFAULT 'info' NOT NULL,
	"description" text NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"related_item_id" integer,
	"icon_type" text NOT NULL,
	CONSTRAINT "activities_icon_type_check" CHECK ("activities"."icon_type" in ('folder_open', 'calendar_today', 'notifications', 'check_circle', 'health_and_safety'))
);
--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_benefits" ADD CONSTRAINT "insurance_benefits_insurance_id_insurance_plans_id_fk" FOREIGN KEY ("insurance_id") REFERENCES "public"."insurance_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_plans" ADD CONSTRAINT "insurance_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_record_files" ADD CONSTRAINT "medical_record_files_record_id_medical_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."medical_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_records" ADD CONSTRAINT "medical_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medical_records" ADD CONSTRAINT "medical_records_insurance_id_insurance_plans_id_fk" FOREIGN KEY ("insurance_id") REFERENCES "public"."insurance_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preventative_care" ADD CONSTRAINT "preventative_care_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "providers_user_idx" ON "providers" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "insurance_benefits_insurance_idx" ON "insurance_benefits" USING btree ("insurance_id","id");--> statement-breakpoint
CREATE INDEX "insurance_plans_user_idx" ON "insurance_plans" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_plans_one_primary_idx" ON "insurance_plans" USING btree ("user_id") WHERE "insurance_plans"."is_primary";--> statement-breakpoint
CREATE INDEX "medical_records_user_upload_idx" ON "medical_records" USING btree ("user_id","upload_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "medical_records_insurance_idx" ON "medical_records" USING btree ("insurance_id");--> statement-breakpoint
CREATE INDEX "preventative_care_user_due_idx" ON "preventative_care" USING btree ("user_id","due_date","id");--> statement-breakpoint
CREATE INDEX "appointments_user_date_idx" ON "appointments" USING btree ("user_id","appointment_date","id");--> statement-breakpoint
CREATE INDEX "appointments_provider_idx" ON "appointments" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "activities_user_time_idx" ON "activities" USING btree ("user_id","timestamp" DESC NULLS LAST,"id" DESC NULLS LAST);