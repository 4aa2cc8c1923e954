import { z } from 'zod';
import { COMMUNICATION_PREFERENCES } from '../rules/statuses';
import { idNumber, optionalText } from './common';
import { dateOfBirth, profileFields } from './users';

/**
 * The onboarding wizard's four steps (part 2 §3 (docs/product.md#part-2-3), §5 (docs/product.md#part-2-5)), one schema each: the wizard validates a step with its own
 * schema before Next, and the server validates the whole submission with the same four.
 */

function namePart(message: string) {
  return z.string({ message }).trim().min(2, message).max(100, 'must be at most 100 characters');
}

/** The display name is built from both and is at most 200 characters (the profile's own limit). */
const FULL_NAME_MAX = 200;

const boolean = z.boolean({ message: 'must be true or false' });

/** Step 1, Personal Information. */
export const OnboardingPersonalInfo = z
  .object({
    firstName: namePart('First name must be at least 2 characters'),
    lastName: namePart('Last name must be at least 2 characters'),
    email: profileFields.email,
    phoneNumber: profileFields.phoneNumber,
    dateOfBirth: dateOfBirth('Date of birth is required'),
  })
  .superRefine(({ firstName, lastName }, ctx) => {
    if (firstName.length + 1 + lastName.length > FULL_NAME_MAX) {
      ctx.addIssue({ code: 'custom', path: ['lastName'], message: `First and last name together must be at most ${FULL_NAME_MAX - 1} characters` });
    }
  });
export type OnboardingPersonalInfo = z.input<typeof OnboardingPersonalInfo>;

/** Step 2, Medical History. The conditions count only while hasExistingConditions is checked. */
export const OnboardingMedicalInfo = z.object({
  hasExistingConditions: boolean.default(false),
  existingConditions: optionalText(2000),
  medications: optionalText(2000),
  allergies: optionalText(2000),
});
export type OnboardingMedicalInfo = z.input<typeof OnboardingMedicalInfo>;

export const POLICY_NUMBER_REQUIRED = 'Policy number is required';
const INSURANCE_RULE_FIELDS: readonly PropertyKey[] = ['hasInsurance', 'provider', 'policyNumber'];

/** Step 3, Insurance Details. A provider without a policy number would make a plan without a member id. */
export const OnboardingInsuranceInfo = z
  .object({
    hasInsurance: boolean.default(true),
    provider: optionalText(200),
    policyNumber: optionalText(100),
    groupNumber: optionalText(100),
  })
  .superRefine(
    ({ hasInsurance, provider, policyNumber }, ctx) => {
      if (hasInsurance && provider && !policyNumber) ctx.addIssue({ code: 'custom', path: ['policyNumber'], message: POLICY_NUMBER_REQUIRED });
    },
    // Shown together with a problem of another field (an over-long group number), so the step shows all at once.
    { when: ({ issues }) => !issues.some((issue) => !issue.path?.length || INSURANCE_RULE_FIELDS.includes(issue.path[0]!)) },
  );
export type OnboardingInsuranceInfo = z.input<typeof OnboardingInsuranceInfo>;

/** Step 4, Preferences. */
export const OnboardingPreferences = z.object({
  communicationPreference: z
    .enum(COMMUNICATION_PREFERENCES, { message: `must be one of ${COMMUNICATION_PREFERENCES.join(', ')}` })
    .default('email'),
  appointmentReminders: boolean.default(true),
  healthTips: boolean.default(true),
});
export type OnboardingPreferences = z.input<typeof OnboardingPreferences>;

/** POST /api/onboarding — Complete Setup: the four steps' answers, written at once. */
export const OnboardingBody = z.object({
  userId: idNumber,
  personalInfo: OnboardingPersonalInfo,
  medicalInfo: OnboardingMedicalInfo,
  insuranceInfo: OnboardingInsuranceInfo,
  preferences: OnboardingPreferences,
});
export type OnboardingBody = z.input<typeof OnboardingBody>;
