CREATE TABLE "access_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text,
	"client_address" text,
	CONSTRAINT "access_events_kind_check" CHECK ("access_events"."kind" in ('signed_in', 'sign_in_failed', 'signed_out', 'sessions_ended', 'passphrase_set', 'recovery_codes_made', 'recovery_code_used', 'access_reset')),
	CONSTRAINT "access_events_user_agent_check" CHECK (length("access_events"."user_agent") <= 512),
	CONSTRAINT "access_events_client_address_check" CHECK (length("access_events"."client_address") <= 64)
);
--> statement-breakpoint
CREATE TABLE "access_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"scope" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "access_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "access_tokens_scope_check" CHECK ("access_tokens"."scope" in ('read', 'read-write')),
	CONSTRAINT "access_tokens_name_check" CHECK (length("access_tokens"."name") between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "recovery_codes_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"client_address" text,
	CONSTRAINT "sessions_user_agent_check" CHECK (length("sessions"."user_agent") <= 512),
	CONSTRAINT "sessions_client_address_check" CHECK (length("sessions"."client_address") <= 64)
);
--> statement-breakpoint
CREATE TABLE "setup_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_address" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_attempts_client_address_check" CHECK (length("sign_in_attempts"."client_address") <= 64)
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "access_events" ADD CONSTRAINT "access_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_events_user_time_idx" ON "access_events" USING btree ("user_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "access_tokens_user_idx" ON "access_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "recovery_codes_user_idx" ON "recovery_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id","last_seen_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sign_in_attempts_address_time_idx" ON "sign_in_attempts" USING btree ("client_address","at");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_time_idx" ON "sign_in_attempts" USING btree ("at");--> statement-breakpoint
-- No one could sign in before ADR 17: every stored hash was of a random password, unusable by design. Null now says
-- "no passphrase yet"; a hash in the PHC form of auth/passphrase.ts is kept.
UPDATE "users" SET "password_hash" = NULL WHERE "password_hash" NOT LIKE '$scrypt$%';
