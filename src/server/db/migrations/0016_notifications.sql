CREATE TABLE "notification_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"notification_id" integer NOT NULL,
	"channel" text NOT NULL,
	"job_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "notification_deliveries_channel_check" CHECK ("notification_deliveries"."channel" in ('email', 'sms', 'ntfy', 'webhook')),
	CONSTRAINT "notification_deliveries_state_check" CHECK ("notification_deliveries"."state" in ('pending', 'held', 'sent', 'failed')),
	CONSTRAINT "notification_deliveries_sent_check" CHECK (("notification_deliveries"."state" = 'sent') = ("notification_deliveries"."sent_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"dose_reminders" boolean DEFAULT true NOT NULL,
	"missed_doses" boolean DEFAULT true NOT NULL,
	"refills" boolean DEFAULT true NOT NULL,
	"confirmation_calls" boolean DEFAULT true NOT NULL,
	"backups" boolean DEFAULT true NOT NULL,
	"new_sign_ins" boolean DEFAULT true NOT NULL,
	"quiet_hours_start" text DEFAULT '22:00' NOT NULL,
	"quiet_hours_end" text DEFAULT '07:00' NOT NULL,
	"detailed_email" boolean DEFAULT false NOT NULL,
	"detailed_sms" boolean DEFAULT false NOT NULL,
	"detailed_ntfy" boolean DEFAULT false NOT NULL,
	"detailed_webhook" boolean DEFAULT false NOT NULL,
	CONSTRAINT "notification_settings_quiet_start_check" CHECK ("notification_settings"."quiet_hours_start" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "notification_settings_quiet_end_check" CHECK ("notification_settings"."quiet_hours_end" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"occurrence" text NOT NULL,
	"title" text NOT NULL,
	"discreet_text" text NOT NULL,
	"link" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"missed" boolean DEFAULT false NOT NULL,
	"dispatched" boolean DEFAULT false NOT NULL,
	"remind_at_night" boolean DEFAULT false NOT NULL,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('appointment-tomorrow', 'appointment-soon', 'care-digest', 'dose-due', 'dose-missed', 'refill-low', 'confirmation-call-failed', 'backup-failed', 'new-sign-in'))
);
--> statement-breakpoint
CREATE TABLE "reminder_plans" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"planned_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "medications" ADD COLUMN "remind_at_night" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_plans" ADD CONSTRAINT "reminder_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_channel_idx" ON "notification_deliveries" USING btree ("notification_id","channel");--> statement-breakpoint
CREATE INDEX "notification_deliveries_waiting_idx" ON "notification_deliveries" USING btree ("not_before") WHERE "notification_deliveries"."state" in ('pending', 'held');--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_occurrence_idx" ON "notifications" USING btree ("user_id","kind","subject","occurrence");--> statement-breakpoint
CREATE INDEX "notifications_user_time_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_undispatched_idx" ON "notifications" USING btree ("created_at") WHERE not "notifications"."dispatched";--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;