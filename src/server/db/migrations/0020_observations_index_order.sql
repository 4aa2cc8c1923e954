DROP INDEX "observations_user_kind_idx";--> statement-breakpoint
DROP INDEX "observations_user_code_idx";--> statement-breakpoint
CREATE INDEX "observations_user_kind_idx" ON "observations" USING btree ("user_id","kind","taken_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "observations_user_code_idx" ON "observations" USING btree ("user_id","code","taken_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);