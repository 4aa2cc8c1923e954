import { DEMO_FACTS, NOTHING_ON_FILE } from './patient-facts';
import type { PatientFacts } from '../server/services/assistant/patient-facts';

/**
 * The facts the built-in assistant's rules are tested with (rules.unit.test.ts, intents/, general-guidance/): the demo
 * patient's, with a second appointment and their own words in My Profile. The rules are pure: these facts stand for
 * what loadPatientFacts reads (patient-facts.test.ts checks that part).
 */
export const FACTS: PatientFacts = {
  ...DEMO_FACTS,
  timeZone: 'America/New_York',
  nextAppointments: [
    ...DEMO_FACTS.nextAppointments,
    { type: 'Dental Cleaning', providerName: 'Dr. Sarah Chen', providerSpecialty: 'Dentistry', date: '2027-01-05', time: 'morning' },
  ],
  medications: 'Lisinopril 10 mg daily\nVitamin D.',
  allergies: 'Penicillin',
  conditions: 'Hypertension',
};

/** A patient with nothing on file: every answer must say so and say where to add it. */
export const EMPTY = NOTHING_ON_FILE;
