import type { Intent } from '../intent';
import type { PatientFacts } from '../patient-facts';
import { anyOf } from '../reading';
import { inSentence } from './phrasing';

// What the patient wrote in My Profile: allergies and existing conditions. (Medications have their own list and log:
// intents/medications.ts, which quotes the profile's free text beside them.)

/** Allergies, conditions: the patient's own words from My Profile, or where to add them. */
function profileTextAnswer(field: 'allergies' | 'conditions', label: string, extra: string) {
  return (facts: PatientFacts) => {
    const text = facts[field];
    if (!text) return `You have no ${label} recorded. You can add them in My Profile, under Medical History.`;
    return `The ${label} on file in My Profile: ${inSentence(text)}. ${extra}`;
  };
}

export const allergies: Intent = {
  id: 'allergies',
  matches: anyOf(/\ballerg/),
  answer: profileTextAnswer('allergies', 'allergies', 'Mention them to every provider and pharmacist you see.'),
  aboutHealth: true,
};

export const conditions: Intent = {
  id: 'conditions',
  matches: anyOf(/\b(condition|conditions|diagnosis|diagnoses|diagnosed|medical history|health history|health problems?|illness|illnesses|chronic|diseases?)\b/),
  answer: profileTextAnswer('conditions', 'existing conditions', 'Your doctor can tell you more about any of them.'),
  aboutHealth: true,
};
