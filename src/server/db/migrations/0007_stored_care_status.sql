-- 'overdue' is no longer stored: it is read from the due date (src/shared/rules/care.ts, shownCareStatus). A row
-- stored overdue is upcoming with a past due date, so it is still shown overdue.
UPDATE "preventative_care" SET "status" = 'upcoming' WHERE "status" = 'overdue';--> statement-breakpoint
ALTER TABLE "preventative_care" DROP CONSTRAINT "preventative_care_status_check";--> statement-breakpoint
ALTER TABLE "preventative_care" ADD CONSTRAINT "preventative_care_status_check" CHECK ("preventative_care"."status" in ('scheduled', 'upcoming', 'completed'));
