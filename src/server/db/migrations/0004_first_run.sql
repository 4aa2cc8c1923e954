CREATE TABLE "installation" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"onboarding_skipped_at" timestamp with time zone,
	CONSTRAINT "installation_single_row_check" CHECK ("installation"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;