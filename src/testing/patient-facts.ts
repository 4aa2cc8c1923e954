import type { PatientFacts } from '../server/services/assistant/patient-facts';

/**
 * The seeded demo patient's facts as loadPatientFacts reads them on 2026-11-22 (patient-facts.test.ts checks exactly
 * this), and the base of the facts the pure rules are tested with (services/assistant/test-facts.ts).
 */
export const DEMO_FACTS: PatientFacts = {
  displayName: 'Alex Morgan',
  timeZone: null,
  today: '2026-11-22',
  nextAppointments: [{ type: 'Eye Examination', providerName: 'Dr. James Patel', providerSpecialty: 'Optometry', date: '2026-12-01', time: '14:00' }],
  care: [
    { name: 'Dental Cleaning', dueDate: '2026-11-10', status: 'overdue', lastCompleted: '2026-05-22' },
    { name: 'Eye Examination', dueDate: '2026-12-01', status: 'scheduled', lastCompleted: null },
    { name: 'Blood Pressure Check', dueDate: '2027-01-22', status: 'due-soon', lastCompleted: null },
    { name: 'Cholesterol Screening', dueDate: '2027-04-22', status: 'upcoming', lastCompleted: null },
    { name: 'Flu Vaccine', dueDate: '2027-10-22', status: 'upcoming', lastCompleted: '2026-10-22' },
    { name: 'Flu Vaccine', dueDate: '2026-10-22', status: 'completed', lastCompleted: '2026-10-22' },
  ],
  plan: {
    provider: 'Blue Cross Blue Shield',
    planType: 'PPO',
    isPrimary: true,
    deductible: 1500,
    deductibleMet: 650,
    outOfPocketMax: 5000,
    outOfPocketMet: 1200,
    benefits: [
      { serviceName: 'Preventive care', inNetworkCoverage: '100% covered', outOfNetworkCoverage: '70% after deductible' },
      { serviceName: 'Primary care visit', inNetworkCoverage: '$25 copay', outOfNetworkCoverage: '60% after deductible' },
      { serviceName: 'Specialist visit', inNetworkCoverage: '$50 copay', outOfNetworkCoverage: '60% after deductible' },
      { serviceName: 'Emergency room', inNetworkCoverage: '$250 copay', outOfNetworkCoverage: '$250 copay' },
      { serviceName: 'Prescription drugs (generic)', inNetworkCoverage: '$10 copay', outOfNetworkCoverage: 'Not covered' },
      { serviceName: 'Vision exam', inNetworkCoverage: '$15 copay', outOfNetworkCoverage: '50% after deductible' },
    ],
  },
  records: { count: 2, latest: { filename: 'lab-results-cbc.pdf', description: 'Blood work from the annual physical', uploadDate: '2026-11-19' } },
  medications: null,
  allergies: null,
  conditions: null,
};

/** A patient with nothing on file (or none yet, on a first run), on the same day. */
export const NOTHING_ON_FILE: PatientFacts = {
  displayName: null,
  timeZone: null,
  today: '2026-11-22',
  nextAppointments: [],
  care: [],
  plan: null,
  records: { count: 0, latest: null },
  medications: null,
  allergies: null,
  conditions: null,
};
