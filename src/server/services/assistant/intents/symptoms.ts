import type { Intent } from '../intent';
import type { PatientFacts } from '../patient-facts';
import { anyOf, normaliseQuestion } from '../reading';
import { raiseItAtNextVisit } from './appointments';

// Symptoms the assistant cannot assess: where to take them, and the 988 line when the patient is struggling. Tried
// after every topic of general guidance, so "how can I relieve back pain" gets the back-pain guidance.

function symptomsAnswer(facts: PatientFacts, question: string): string {
  const mood = /\b(anxious|anxiety|depressed|depression|sad|hopeless|lonely|stressed|panic)\b/.test(normaliseQuestion(question));
  return [
    "I can't assess symptoms or tell what's causing them. If they are severe, sudden or getting worse, contact your doctor today, and call 911 for chest pain, trouble breathing or signs of a stroke.",
    mood ? "If you're struggling emotionally, you can call or text 988 any time to talk with someone." : '',
    raiseItAtNextVisit(facts),
  ]
    .filter(Boolean)
    .join(' ');
}

export const symptoms: Intent = {
  id: 'symptoms',
  matches: anyOf(
    /\b(pain|painful|hurts?|hurting|ache|aches|aching|fever|sick|ill|symptoms?|cough|coughing|headache|dizzy|dizziness|nausea|nauseous|vomit\w*|rash|sore|infection|tired|fatigue|swollen|swelling|anxious|anxiety|depressed|depression|sad|hopeless|stressed|panic)\b/,
  ),
  answer: symptomsAnswer,
  aboutHealth: true,
};
