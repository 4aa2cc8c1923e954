/** The plan types the edit dialog offers; PPO is the default of part 1 §3 (docs/product.md#part-1-3). */
export const PLAN_TYPES = ['PPO', 'HMO', 'EPO', 'POS', 'HDHP', 'Other'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];
export const DEFAULT_PLAN_TYPE: PlanType = 'PPO';

export interface PlanAmounts {
  deductible: number;
  deductibleMet: number;
  outOfPocketMax: number;
  outOfPocketMet: number;
}

/** A met amount above its total means a typing slip; coverage would read over 100 %. */
export const MET_ABOVE_TOTAL = {
  deductibleMet: 'Deductible met cannot exceed the deductible',
  outOfPocketMet: 'Out-of-pocket met cannot exceed the maximum',
} as const;

/** The met amounts that exceed their totals, each with the message the form and the server show. */
export function metAboveTotal(plan: PlanAmounts): Array<{ field: keyof typeof MET_ABOVE_TOTAL; message: string }> {
  const problems: Array<{ field: keyof typeof MET_ABOVE_TOTAL; message: string }> = [];
  if (plan.deductibleMet > plan.deductible) problems.push({ field: 'deductibleMet', message: MET_ABOVE_TOTAL.deductibleMet });
  if (plan.outOfPocketMet > plan.outOfPocketMax) problems.push({ field: 'outOfPocketMet', message: MET_ABOVE_TOTAL.outOfPocketMet });
  return problems;
}

/** The description an insurance upload sends (part 1 §7 (docs/product.md#part-1-7)). */
export function insuranceDocumentDescription(text: string | null | undefined): string {
  const trimmed = text?.trim();
  return trimmed ? `Insurance document: ${trimmed}` : 'Insurance document';
}
