import { z } from 'zod';
import { DEFAULT_PLAN_TYPE, metAboveTotal, PLAN_TYPES, type PlanAmounts } from '../rules/insurance';
import { calendarDate, dateOnly, id, idNumber, idString, optionalText, requiredText, type Json } from './common';

const AMOUNT_MAX = 100_000_000;

/** A whole-dollar amount; the form's empty field counts as 0 (part 1 §5 (docs/product.md#part-1-5)). */
function amount(negativeMessage: string) {
  return z.preprocess(
    (value) => (value === '' ? 0 : value),
    z
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(0, negativeMessage)
      // Without its own message the bound would borrow the type's: 'must be a number'.
      .max(AMOUNT_MAX, 'must be at most 100,000,000'),
  );
}

const planFields = {
  provider: requiredText('Insurance provider is required'),
  memberId: requiredText('Member ID is required', 100),
  groupNumber: optionalText(100),
  planType: z.enum(PLAN_TYPES, { message: `Plan type is required (${PLAN_TYPES.join(', ')})` }),
  effectiveDate: calendarDate('Effective date is required'),
  deductible: amount('Deductible cannot be negative'),
  deductibleMet: amount('Deductible met cannot be negative'),
  outOfPocketMax: amount('Out-of-pocket maximum cannot be negative'),
  outOfPocketMet: amount('Out-of-pocket met cannot be negative'),
  isPrimary: z.boolean({ message: 'must be true or false' }),
};

/** A met amount above its total is refused on the field that is wrong. */
function refuseMetAboveTotal(plan: PlanAmounts, ctx: z.RefinementCtx) {
  for (const { field, message } of metAboveTotal(plan)) ctx.addIssue({ code: 'custom', path: [field], message });
}

const AMOUNT_FIELDS: readonly PropertyKey[] = ['deductible', 'deductibleMet', 'outOfPocketMax', 'outOfPocketMet'];

/**
 * The rule runs once the amounts themselves are valid, even while another field is not (a missing effective
 * date, say), so the dialog shows every problem at the first Save; never on what is not an object at all (null).
 */
const metRule = {
  when: ({ value, issues }: z.core.ParsePayload) =>
    typeof value === 'object' && value !== null && !issues.some((issue) => AMOUNT_FIELDS.includes(issue.path?.[0] ?? '')),
};

/** The edit dialog's fields: every field of the plan but its owner and whether it is primary. */
export const InsurancePlanFields = z
  .object({
    ...planFields,
    planType: planFields.planType.default(DEFAULT_PLAN_TYPE),
    deductible: planFields.deductible.default(0),
    deductibleMet: planFields.deductibleMet.default(0),
    outOfPocketMax: planFields.outOfPocketMax.default(0),
    outOfPocketMet: planFields.outOfPocketMet.default(0),
  })
  .omit({ isPrimary: true });

export const InsurancePlanForm = InsurancePlanFields.superRefine(refuseMetAboveTotal, metRule);

export const CreateInsurancePlanBody = InsurancePlanFields.extend({
  userId: idNumber,
  isPrimary: planFields.isPrimary.default(true),
}).superRefine(refuseMetAboveTotal, metRule);
export type CreateInsurancePlanBody = z.input<typeof CreateInsurancePlanBody>;

/**
 * PATCH sends "the same fields"; any subset is accepted, at least one must be present. Whether a met amount
 * exceeds its total depends on the stored plan too, so the service checks that on the plan as it would be.
 */
export const UpdateInsurancePlanBody = z
  .object({ userId: idNumber, ...planFields })
  .partial()
  .refine((body) => Object.keys(body).some((key) => key !== 'userId'), 'Nothing to update');
export type UpdateInsurancePlanBody = z.input<typeof UpdateInsurancePlanBody>;

export const InsuranceIdParams = z.object({ insuranceId: idString });

const dollars = z.int().nonnegative().meta({ description: 'Whole dollars' });

export const InsurancePlan = z
  .object({
    id,
    userId: id,
    provider: z.string(),
    memberId: z.string(),
    groupNumber: z.string().nullable(),
    planType: z.enum(PLAN_TYPES),
    effectiveDate: dateOnly,
    deductible: dollars,
    deductibleMet: dollars,
    outOfPocketMax: dollars,
    outOfPocketMet: dollars,
    isPrimary: z.boolean(),
  })
  .meta({ id: 'InsurancePlan' });
export type InsurancePlan = Json<typeof InsurancePlan>;
export const InsurancePlanList = z.array(InsurancePlan);

export const InsuranceBenefit = z
  .object({
    id,
    insuranceId: id,
    serviceName: z.string(),
    inNetworkCoverage: z.string(),
    outOfNetworkCoverage: z.string(),
  })
  .meta({ id: 'InsuranceBenefit' });
export type InsuranceBenefit = Json<typeof InsuranceBenefit>;
export const InsuranceBenefitList = z.array(InsuranceBenefit);

/** A coverage as the patient words it ('$25 copay', '70% after deductible'); blank when they do not know it. */
const coverage = z.string({ message: 'must be text' }).trim().max(200, 'must be at most 200 characters');

const benefitFields = {
  serviceName: requiredText('Service name is required', 200),
  inNetworkCoverage: coverage,
  outOfNetworkCoverage: coverage,
};

export const InsuranceBenefitFields = z.object({
  ...benefitFields,
  inNetworkCoverage: coverage.default(''),
  outOfNetworkCoverage: coverage.default(''),
});

/** POST /api/insurance/benefits — a row of the Benefits Summary, on one of the patient's plans. */
export const CreateInsuranceBenefitBody = InsuranceBenefitFields.extend({ insuranceId: idNumber });
export type CreateInsuranceBenefitBody = z.input<typeof CreateInsuranceBenefitBody>;

/** PATCH /api/insurance/benefits/{id} — any of its texts; the plan it belongs to does not change. */
export const UpdateInsuranceBenefitBody = z
  .object(benefitFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update');
export type UpdateInsuranceBenefitBody = z.input<typeof UpdateInsuranceBenefitBody>;
