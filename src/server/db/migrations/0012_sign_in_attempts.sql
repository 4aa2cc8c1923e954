CREATE TABLE "sign_in_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_address" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_attempts_client_address_check" CHECK (length("sign_in_attempts"."client_address") <= 64)
);
--> statement-breakpoint
CREATE INDEX "sign_in_attempts_address_time_idx" ON "sign_in_attempts" USING btree ("client_address","at");--> statement-breakpoint
CREATE INDEX "sign_in_attempts_time_idx" ON "sign_in_attempts" USING btree ("at");