DROP INDEX "medical_records_user_upload_idx";--> statement-breakpoint
DROP INDEX "activities_user_time_idx";--> statement-breakpoint
DROP INDEX "access_events_user_time_idx";--> statement-breakpoint
DROP INDEX "sessions_user_idx";--> statement-breakpoint
ALTER TABLE "medical_records" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, regexp_replace(regexp_replace(normalize("filename" || ' ' || coalesce("description", ''), NFD), '[\u0300-\u036f]', '', 'g'), '[[:punct:]]+', ' ', 'g'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, regexp_replace(regexp_replace(normalize("description", NFD), '[\u0300-\u036f]', '', 'g'), '[[:punct:]]+', ' ', 'g'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "medical_records_insurance_documents_idx" ON "medical_records" USING btree ("user_id","upload_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE ("medical_records"."insurance_id" is not null or "medical_records"."filename" ilike '%insurance%' or "medical_records"."description" ilike '%insurance%');--> statement-breakpoint
CREATE INDEX "medical_records_search_idx" ON "medical_records" USING gin ("search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "activities_search_idx" ON "activities" USING gin ("search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "medical_records_user_upload_idx" ON "medical_records" USING btree ("user_id","upload_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "activities_user_time_idx" ON "activities" USING btree ("user_id","timestamp" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "access_events_user_time_idx" ON "access_events" USING btree ("user_id","at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id","last_seen_at" DESC NULLS FIRST);