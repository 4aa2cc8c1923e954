-- Rows written before these rules: a benefit without a service name gets one that says so, and a plan type
-- outside the list becomes its listed spelling ('ppo' → 'PPO') or 'Other'.
UPDATE "insurance_benefits" SET "service_name" = 'Unnamed service' WHERE btrim("service_name") = '';--> statement-breakpoint
UPDATE "insurance_plans" SET "plan_type" = CASE WHEN upper(btrim("plan_type")) IN ('PPO', 'HMO', 'EPO', 'POS', 'HDHP') THEN upper(btrim("plan_type")) ELSE 'Other' END WHERE "plan_type" NOT IN ('PPO', 'HMO', 'EPO', 'POS', 'HDHP', 'Other');--> statement-breakpoint
ALTER TABLE "insurance_benefits" ADD CONSTRAINT "insurance_benefits_service_name_check" CHECK (btrim("insurance_benefits"."service_name") <> '');--> statement-breakpoint
-- NOT VALID: a stored plan whose met amount exceeds its total keeps its figures; the next save of it must
-- correct them (the API names the field), and every new row is checked.
ALTER TABLE "insurance_plans" ADD CONSTRAINT "insurance_plans_met_within_total_check" CHECK ("insurance_plans"."deductible_met" <= "insurance_plans"."deductible" and "insurance_plans"."out_of_pocket_met" <= "insurance_plans"."out_of_pocket_max") NOT VALID;--> statement-breakpoint
ALTER TABLE "insurance_plans" ADD CONSTRAINT "insurance_plans_plan_type_check" CHECK ("insurance_plans"."plan_type" in ('PPO', 'HMO', 'EPO', 'POS', 'HDHP', 'Other'));
