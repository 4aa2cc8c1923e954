ALTER TABLE "appointments" ADD COLUMN "care_item_id" integer;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "calendar_uid" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_care_item_id_preventative_care_id_fk" FOREIGN KEY ("care_item_id") REFERENCES "public"."preventative_care"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_care_item_idx" ON "appointments" USING btree ("care_item_id");--> statement-breakpoint
-- Providers were only ever seeded, but a database may hold other words: they become 'Other', not a failed start.
UPDATE "providers" SET "specialty" = 'Other' WHERE "specialty" NOT IN ('Primary Care', 'Dentistry', 'Optometry', 'Gastroenterology', 'Internal Medicine', 'Family Medicine', 'Other');--> statement-breakpoint
UPDATE "providers" SET "name" = 'Unnamed provider' WHERE btrim("name") = '';--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_specialty_check" CHECK ("providers"."specialty" in ('Primary Care', 'Dentistry', 'Optometry', 'Gastroenterology', 'Internal Medicine', 'Family Medicine', 'Other'));--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_name_check" CHECK (btrim("providers"."name") <> '');