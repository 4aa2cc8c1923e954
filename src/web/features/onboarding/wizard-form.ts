import { z } from 'zod';
import type { InsurancePlan } from '../../../shared/contracts/insurance';
import {
  OnboardingInsuranceInfo,
  OnboardingMedicalInfo,
  OnboardingPersonalInfo,
  OnboardingPreferences,
} from '../../../shared/contracts/onboarding';
import type { User } from '../../../shared/contracts/users';

/** The wizard's answers: the four groups of part 2 §3 (docs/product.md#part-2-3), each validated by the contract's own step schema. */
export const WizardForm = z.object({
  personalInfo: OnboardingPersonalInfo,
  medicalInfo: OnboardingMedicalInfo,
  insuranceInfo: OnboardingInsuranceInfo,
  preferences: OnboardingPreferences,
});
export type WizardInput = z.input<typeof WizardForm>;
export type WizardValues = z.output<typeof WizardForm>;

export const STEPS = [
  { group: 'personalInfo', title: 'Personal Information', first: 'personalInfo.firstName' },
  { group: 'medicalInfo', title: 'Medical History', first: 'medicalInfo.hasExistingConditions' },
  { group: 'insuranceInfo', title: 'Insurance Details', first: 'insuranceInfo.hasInsurance' },
  { group: 'preferences', title: 'Preferences', first: 'preferences.communicationPreference' },
] as const;

/** A stored name split for the wizard when only the display name is known: 'Alex Morgan' → Alex, Morgan. */
function nameParts(user: User): [string, string] {
  if (user.firstName || user.lastName) return [user.firstName ?? '', user.lastName ?? ''];
  const [first = '', ...rest] = user.displayName.trim().split(/\s+/);
  return [first, rest.join(' ')];
}

/** The fields start from what is already stored (issue 10), else from the spec's defaults. */
export function startingAnswers(user: User | undefined, primaryPlan: InsurancePlan | undefined): WizardInput {
  const [firstName, lastName] = user ? nameParts(user) : ['', ''];
  return {
    personalInfo: {
      firstName,
      lastName,
      email: user?.email ?? '',
      phoneNumber: user?.phoneNumber ?? '',
      dateOfBirth: user?.dateOfBirth ?? '',
    },
    medicalInfo: {
      hasExistingConditions: !!user?.existingConditions,
      existingConditions: user?.existingConditions ?? '',
      medications: user?.medications ?? '',
      allergies: user?.allergies ?? '',
    },
    insuranceInfo: {
      hasInsurance: true,
      provider: primaryPlan?.provider ?? '',
      policyNumber: primaryPlan?.memberId ?? '',
      groupNumber: primaryPlan?.groupNumber ?? '',
    },
    preferences: {
      communicationPreference: user?.communicationPreference ?? 'email',
      appointmentReminders: user?.appointmentReminders ?? true,
      healthTips: user?.healthTips ?? true,
    },
  };
}
