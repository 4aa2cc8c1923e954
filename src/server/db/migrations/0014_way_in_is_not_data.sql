CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The way in is not data (ADR 21): each patient row's passphrase moves to an account of the same id, which the
-- sessions, codes, passkeys, tokens and access log of that row now belong to.
INSERT INTO "accounts" ("id", "password_hash") SELECT "id", "password_hash" FROM "users";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('accounts', 'id'), coalesce(max("id"), 0) + 1, false) FROM "accounts";--> statement-breakpoint
CREATE TABLE "sign_in_devices" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"credentials_changed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "access_events" DROP CONSTRAINT "access_events_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "access_tokens" DROP CONSTRAINT "access_tokens_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "passkey_challenges" DROP CONSTRAINT "passkey_challenges_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "passkeys" DROP CONSTRAINT "passkeys_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "recovery_codes" DROP CONSTRAINT "recovery_codes_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_patient_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "made_while_open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "passkey_challenges" ADD COLUMN "client_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD COLUMN "made_while_open" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "proved_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A session open before this proved who held it when it signed in, not now.
UPDATE "sessions" SET "proved_at" = "created_at";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "persistent" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "credentials_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sign_in_attempts" ADD COLUMN "device_hash" text;--> statement-breakpoint
ALTER TABLE "sign_in_devices" ADD CONSTRAINT "sign_in_devices_user_id_accounts_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_devices_user_idx" ON "sign_in_devices" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "access_events" ADD CONSTRAINT "access_events_user_id_accounts_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_user_id_accounts_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkey_challenges" ADD CONSTRAINT "passkey_challenges_user_id_accounts_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_user_id_accounts_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_accounts_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_accounts_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passkey_challenges_client_idx" ON "passkey_challenges" USING btree ("client_address","purpose");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_device_time_idx" ON "sign_in_attempts" USING btree ("device_hash","at");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "password_hash";--> statement-breakpoint
ALTER TABLE "passkey_challenges" ADD CONSTRAINT "passkey_challenges_client_address_check" CHECK (length("passkey_challenges"."client_address") <= 64);