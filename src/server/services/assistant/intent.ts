import type { PatientFacts } from './patient-facts';

// What one rule of the built-in assistant is (rules.ts lists them in the order they are tried), and the line that
// ends every answer touching health.

/** The last line of every answer that touches health, and of the general guidance. */
export const NOT_MEDICAL_ADVICE = "I'm an automated assistant, not a medical professional: this is general information, not medical advice.";

/** The answer and the not-medical-advice line, as its own paragraph. */
export function withNotMedicalAdvice(answer: string): string {
  return `${answer}\n\n${NOT_MEDICAL_ADVICE}`;
}

export type IntentId =
  | 'how-to-upload'
  | 'how-to-calendar'
  | 'how-to-cancel'
  | 'how-to-book'
  | 'plan-benefits'
  | 'insurance-costs'
  | 'readings'
  | 'seasonal-allergies'
  | 'hydration'
  | 'blood-pressure'
  | 'back-pain'
  | 'sleep'
  | 'cold-and-flu'
  | 'medication-named'
  | 'medications'
  | 'allergies'
  | 'conditions'
  | 'care-due'
  | 'next-appointment'
  | 'records'
  | 'symptoms'
  | 'capabilities'
  | 'greeting'
  | 'thanks';

export interface Intent {
  id: IntentId;
  /**
   * Whether the question asks this, from its normalised text (normaliseQuestion). The patient's facts are given when
   * the question is answered, for the intents that recognise the patient's own names (their medications).
   */
  matches: (normalisedText: string, facts?: PatientFacts) => boolean;
  answer: (facts: PatientFacts, question: string) => string;
  /** The answer touches health: replyFromRules ends it with NOT_MEDICAL_ADVICE (an answer may add it itself). */
  aboutHealth: boolean;
}
