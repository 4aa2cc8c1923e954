import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Coding } from '../../../shared/rules/codes';
import { PLAN_TYPES, type PlanType } from '../../../shared/rules/insurance';
import { isJsonArray, isOneOf } from './checks';
import { users } from './users';

export const insurancePlans = pgTable(
  'insurance_plans',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    memberId: text('member_id').notNull(),
    groupNumber: text('group_number'),
    planType: text('plan_type').$type<PlanType>().notNull().default('PPO'),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    deductible: integer('deductible').notNull().default(0),
    deductibleMet: integer('deductible_met').notNull().default(0),
    outOfPocketMax: integer('out_of_pocket_max').notNull().default(0),
    outOfPocketMet: integer('out_of_pocket_met').notNull().default(0),
    isPrimary: boolean('is_primary').notNull().default(true),
    /** The codes of the plan's type as another record sent them (issue 34: HL7's v3 ActCode, a payer's own); [] for one typed. */
    codes: jsonb('codes').$type<Coding[]>().notNull().default([]),
  },
  (t) => [
    index('insurance_plans_user_idx').on(t.userId, t.id),
    // One primary plan per user: the insurance screen edits "the" primary plan.
    uniqueIndex('insurance_plans_one_primary_idx').on(t.userId).where(sql`${t.isPrimary}`),
    check(
      'insurance_plans_amounts_check',
      sql`${t.deductible} >= 0 and ${t.deductibleMet} >= 0 and ${t.outOfPocketMax} >= 0 and ${t.outOfPocketMet} >= 0`,
    ),
    check('insurance_plans_met_within_total_check', sql`${t.deductibleMet} <= ${t.deductible} and ${t.outOfPocketMet} <= ${t.outOfPocketMax}`),
    check('insurance_plans_plan_type_check', isOneOf(t.planType, PLAN_TYPES)),
    check('insurance_plans_codes_check', isJsonArray(t.codes)),
  ],
);

export const insuranceBenefits = pgTable(
  'insurance_benefits',
  {
    id: serial('id').primaryKey(),
    insuranceId: integer('insurance_id')
      .notNull()
      .references(() => insurancePlans.id, { onDelete: 'cascade' }),
    serviceName: text('service_name').notNull(),
    inNetworkCoverage: text('in_network_coverage').notNull(),
    outOfNetworkCoverage: text('out_of_network_coverage').notNull(),
  },
  (t) => [
    index('insurance_benefits_insurance_idx').on(t.insuranceId, t.id),
    check('insurance_benefits_service_name_check', sql`btrim(${t.serviceName}) <> ''`),
  ],
);
