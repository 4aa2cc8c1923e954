import { emergencyReply } from './emergency';
import { backPain } from './general-guidance/back-pain';
import { bloodPressure } from './general-guidance/blood-pressure';
import { coldAndFlu } from './general-guidance/cold-and-flu';
import { FALLBACK } from './general-guidance/fallback';
import { hydration } from './general-guidance/hydration';
import { seasonalAllergies } from './general-guidance/seasonal-allergies';
import { sleep } from './general-guidance/sleep';
import { withNotMedicalAdvice, type Intent } from './intent';
import { nextAppointment } from './intents/appointments';
import { careDue } from './intents/care';
import { capabilities, greeting, thanks } from './intents/conversation';
import { howToBook, howToCalendar, howToCancel, howToUpload } from './intents/how-to';
import { insuranceCosts, planBenefits } from './intents/insurance';
import { medicationNamed, medications } from './intents/medications';
import { allergies, conditions } from './intents/profile';
import { readings } from './intents/readings';
import { records } from './intents/records';
import { symptoms } from './intents/symptoms';
import type { PatientFacts } from './patient-facts';
import { normaliseQuestion } from './reading';

/**
 * The built-in assistant's rules: the emergency signs (emergency.ts), checked before anything else, then an ordered
 * list of intents, each recognised by words in the question: most are answered from the patient's own facts
 * (intents/), a few (seasonal allergies, drinking water, blood pressure, back pain, sleep, colds and flu) with careful
 * general guidance (general-guidance/). The first intent that matches answers; a question none matches gets a careful
 * fallback.
 */

/**
 * Tried in order, so the order is part of the rules: how-to questions before the data they name ("how do I upload a
 * record" is not "what records do I have"); coverage before costs ("is the ER covered after my deductible"); general
 * guidance on a topic before the patient's own lists ("what are the symptoms of seasonal allergies?" is not "what
 * allergies do I have?"), unless the question names the patient's records (aboutTopic); a question naming one of the
 * patient's medications before the general guidance, as it is about their record ("is Lisinopril for blood pressure?",
 * medication-named), yet after insurance ("does my plan cover Metformin?"); a question about the patient's own readings
 * before the general guidance too ("is my blood pressure going up?" is readings, "how can I lower blood pressure?" the
 * guidance), yet after a medication named ("is Metformin lowering my blood sugar?"); the patient's own lists before
 * care and appointments; symptoms, greetings and thanks last, so that "hi, when is my appointment?" is answered.
 */
export const INTENTS: readonly Intent[] = [
  howToUpload,
  howToCalendar,
  howToCancel,
  howToBook,
  planBenefits,
  insuranceCosts,
  medicationNamed,
  readings,
  seasonalAllergies,
  hydration,
  bloodPressure,
  backPain,
  sleep,
  coldAndFlu,
  medications,
  allergies,
  conditions,
  careDue,
  nextAppointment,
  records,
  symptoms,
  capabilities,
  greeting,
  thanks,
];

/**
 * The first intent whose words the question contains, or undefined (the general guidance answers). With the patient's
 * facts, a question that names one of their medications is recognised by the name.
 */
export function matchIntent(question: string, facts?: PatientFacts): Intent | undefined {
  const normalised = normaliseQuestion(question);
  return INTENTS.find((intent) => intent.matches(normalised, facts));
}

/** The rules' reply: an emergency first; then the first intent that matches; else careful general guidance. */
export function replyFromRules(question: string, facts: PatientFacts): string {
  const emergency = emergencyReply(question);
  if (emergency) return emergency;
  const intent = matchIntent(question, facts);
  if (!intent) return withNotMedicalAdvice(FALLBACK);
  const answer = intent.answer(facts, question);
  return intent.aboutHealth ? withNotMedicalAdvice(answer) : answer;
}
