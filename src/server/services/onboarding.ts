import type { z } from 'zod';
import { todayUtc } from '../../shared/contracts/common';
import type { OnboardingBody } from '../../shared/contracts/onboarding';
import { DEFAULT_PLAN_TYPE } from '../../shared/rules/insurance';
import type { Database } from '../db/client';
import type { Patient } from '../core/patient';
import { addPlan, changePlan, findPrimaryPlanId } from './insurance';
import { changeUser } from './users';

type Onboarding = Omit<z.output<typeof OnboardingBody>, 'userId'>;
type InsuranceAnswers = Onboarding['insuranceInfo'];

/**
 * Complete Setup: every answer of the wizard in one transaction (the profile, the medical history, the
 * preferences, the primary plan with its activity), so a failure anywhere leaves nothing half-written. On a
 * first run (no patient yet) it creates the patient in the same transaction.
 */
export async function completeOnboarding(db: Database, patient: Patient, { personalInfo, medicalInfo, insuranceInfo, preferences }: Onboarding) {
  return db.transaction(async (tx) => {
    const { firstName, lastName } = personalInfo;
    const answers = {
      ...personalInfo,
      displayName: `${firstName} ${lastName}`,
      // Unchecked, the conditions field is hidden: whatever it still holds is not an answer.
      existingConditions: medicalInfo.hasExistingConditions ? medicalInfo.existingConditions : null,
      medications: medicalInfo.medications,
      allergies: medicalInfo.allergies,
      ...preferences,
      onboardedAt: new Date(),
    };
    // On a first run there is no patient yet: completing onboarding creates them.
    const user = await changeUser(tx, patient, answers, { createMissing: true });
    await savePrimaryPlan(tx, patient, insuranceInfo);
    return user;
  });
}

/** With insurance and a provider, the primary plan is created or brought up to date; otherwise plans are left alone. */
async function savePrimaryPlan(tx: Database, patient: Patient, { hasInsurance, provider, policyNumber, groupNumber }: InsuranceAnswers) {
  if (!hasInsurance || !provider) return;
  // The contract requires a policy number with a provider.
  const plan = { provider, memberId: policyNumber!, groupNumber };
  const primaryId = await findPrimaryPlanId(tx, patient);
  if (primaryId !== null) {
    await changePlan(tx, patient, primaryId, plan);
    return;
  }
  await addPlan(tx, patient, {
    ...plan,
    planType: DEFAULT_PLAN_TYPE,
    effectiveDate: todayUtc(),
    deductible: 0,
    deductibleMet: 0,
    outOfPocketMax: 0,
    outOfPocketMet: 0,
    isPrimary: true,
  });
}
