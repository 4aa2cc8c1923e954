import type { TestContext } from './test-app';

// What the tests of POST and PATCH /api/insurance share: the form's payload and the answers they expect.

export const PRIMARY_EXISTS = 'A primary insurance plan already exists; edit it instead';
export const PLAN_TYPE_REQUIRED = 'planType: Plan type is required (PPO, HMO, EPO, POS, HDHP, Other)';
export const DEDUCTIBLE_MET_ABOVE = 'deductibleMet: Deductible met cannot exceed the deductible';
export const OUT_OF_POCKET_MET_ABOVE = 'outOfPocketMet: Out-of-pocket met cannot exceed the maximum';
/** The plan types the edit dialog offers, as the README lists them. */
export const PLAN_TYPES = ['PPO', 'HMO', 'EPO', 'POS', 'HDHP', 'Other'];

/** A complete POST /api/insurance payload as the insurance form sends it. */
export function newPlan(t: TestContext, overrides: Record<string, unknown> = {}) {
  return {
    userId: t.userId,
    provider: 'Blue Shield',
    memberId: 'BS-4242',
    groupNumber: 'GRP-7',
    planType: 'HMO',
    effectiveDate: '2026-02-01',
    deductible: 1500,
    deductibleMet: 300,
    outOfPocketMax: 5000,
    outOfPocketMet: 750,
    isPrimary: true,
    ...overrides,
  };
}
