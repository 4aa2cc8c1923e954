import { api, type TestContext } from './test-app';

// The wizard's answers and the reads the onboarding tests check them by, shared by the tests of what a completion
// stores and of what it refuses.

export interface Groups {
  personalInfo?: Record<string, unknown>;
  medicalInfo?: Record<string, unknown>;
  insuranceInfo?: Record<string, unknown>;
  preferences?: Record<string, unknown>;
}

/** A whole Complete Setup as the wizard sends it, every step answered; `overrides` replace fields of a step. */
export function answers(t: TestContext, overrides: Groups = {}) {
  return {
    userId: t.userId,
    personalInfo: {
      firstName: 'Sam',
      lastName: 'Lee',
      email: 'sam.lee@example.com',
      phoneNumber: '(555) 010-0199',
      dateOfBirth: '1984-02-29',
      ...overrides.personalInfo,
    },
    medicalInfo: {
      hasExistingConditions: true,
      existingConditions: 'Type 2 diabetes',
      medications: 'Metformin 500 mg',
      allergies: 'Penicillin',
      ...overrides.medicalInfo,
    },
    insuranceInfo: { hasInsurance: true, provider: 'Blue Shield', policyNumber: 'BS-4242', groupNumber: 'GRP-7', ...overrides.insuranceInfo },
    preferences: { communicationPreference: 'sms', appointmentReminders: false, healthTips: false, ...overrides.preferences },
  };
}

export const complete = (t: TestContext, body: unknown) => api(t.app, 'POST', '/api/onboarding', body);
export const patient = async (t: TestContext) => (await api(t.app, 'GET', `/api/users/${t.userId}`)).body;
export const plansOfPatient = async (t: TestContext) => (await api(t.app, 'GET', `/api/insurance/${t.userId}`)).body;

/** A plan the onboarding step does not ask about keeps its values: only provider, member id and group change. */
export const KEPT_PLAN_FIELDS = { planType: 'HMO', effectiveDate: '2025-03-01', deductible: 1500, deductibleMet: 300, outOfPocketMax: 5000, outOfPocketMet: 750 } as const;
