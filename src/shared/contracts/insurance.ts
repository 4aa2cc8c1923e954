import { z } from 'zod';
import { calendarDate, dateOnly, id, idNumber, idString, optionalText, requiredText, type Json } from './common';

const AMOUNT_MAX = 100_000_000;

/** A whole-dollar amount; the form's empty field counts as 0 (part 1 §5). */
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
  planType: requiredText('Plan type is required', 50),
  effectiveDate: calendarDate('Effective date is required'),
  deductible: amount('Deductible cannot be negative'),
  deductibleMet: amount('Deductible met cannot be negative'),
  outOfPocketMax: amount('Out-of-pocket maximum cannot be negative'),
  outOfPocketMet: amount('Out-of-pocket met cannot be negative'),
  isPrimary: z.boolean({ message: 'must be true or false' }),
};

export const CreateInsurancePlanBody = z.object({
  userId: idNumber,
  ...planFields,
  planType: planFields.planType.default('PPO'),
  deductible: planFields.deductible.default(0),
  deductibleMet: planFields.deductibleMet.default(0),
  outOfPocketMax: planFields.outOfPocketMax.default(0),
  outOfPocketMet: planFields.outOfPocketMet.default(0),
  isPrimary: planFields.isPrimary.default(true),
});
export type CreateInsurancePlanBody = z.input<typeof CreateInsurancePlanBody>;

/** PATCH sends "the same fields"; any subset is accepted, at least one must be present. */
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
    planType: z.string(),
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
