import { DEMO_FACTS, NOTHING_ON_FILE } from './patient-facts';
import type { MedicationFact, PatientFacts } from '../server/services/assistant/patient-facts';

/** A medication taken on two weekdays, with nothing but its dose and schedule recorded. */
const VITAMIN_D: MedicationFact = {
  id: 5,
  name: 'Vitamin D3',
  strength: '1000 IU',
  form: 'capsule',
  dose: '1 capsule',
  schedule: { kind: 'weekdays', weekdays: ['mon', 'thu'], times: ['09:00'] },
  instructions: null,
  reason: null,
  pharmacy: null,
  startDate: null,
  endDate: null,
  status: 'active',
  pausedOn: null,
  stoppedOn: null,
  stopReason: null,
  refillsLeft: null,
  quantityOnHand: null,
};

/** A course of antibiotics, finished. */
const AMOXICILLIN: MedicationFact = {
  ...VITAMIN_D,
  id: 6,
  name: 'Amoxicillin',
  strength: '500 mg',
  dose: '1 capsule',
  schedule: { kind: 'daily', times: ['08:00', '14:00', '20:00'] },
  reason: 'Sinus infection',
  startDate: '2026-10-01',
  status: 'stopped',
  stoppedOn: '2026-10-08',
  stopReason: 'Course finished',
};

/**
 * The facts the built-in assistant's rules are tested with (rules.unit.test.ts, intents/, general-guidance/): the demo
 * patient's, with a second appointment, their own words in My Profile, two more medications (one on Mondays and
 * Thursdays, one stopped), and today's log at noon: the inhaler used at 07:15, the 08:00 Metformin taken at 08:05,
 * the 08:00 Lisinopril not logged, the evening's doses still due. The rules are pure: these facts stand for what
 * loadPatientFacts reads (patient-facts.test.ts checks that part).
 */
export const FACTS: PatientFacts = {
  ...DEMO_FACTS,
  timeZone: 'America/New_York',
  nextAppointments: [
    ...DEMO_FACTS.nextAppointments,
    { type: 'Dental Cleaning', providerName: 'Dr. Sarah Chen', providerSpecialty: 'Dentistry', date: '2027-01-05', time: 'morning' },
  ],
  medicationList: { current: [...DEMO_FACTS.medicationList.current, VITAMIN_D], past: [AMOXICILLIN] },
  todaysDoses: [
    { medicationId: 4, name: 'Albuterol', strength: '90 mcg per puff', dose: '2 puffs', time: null, logged: 'taken', takenAt: '07:15', reason: null },
    { medicationId: 1, name: 'Lisinopril', strength: '10 mg', dose: '1 tablet', time: '08:00', logged: null, takenAt: null, reason: null },
    { medicationId: 2, name: 'Metformin', strength: '500 mg', dose: '1 tablet', time: '08:00', logged: 'taken', takenAt: '08:05', reason: null },
    { medicationId: 2, name: 'Metformin', strength: '500 mg', dose: '1 tablet', time: '20:00', logged: null, takenAt: null, reason: null },
    { medicationId: 3, name: 'Atorvastatin', strength: '20 mg', dose: '1 tablet', time: '22:00', logged: null, takenAt: null, reason: null },
  ],
  medications: 'Lisinopril 10 mg daily\nVitamin D.',
  allergies: 'Penicillin',
  conditions: 'Hypertension',
};

/** A patient with nothing on file: every answer must say so and say where to add it. */
export const EMPTY = NOTHING_ON_FILE;
