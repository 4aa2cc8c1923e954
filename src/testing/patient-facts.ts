import type { MeasureReadings, MedicationFact, PatientFacts } from '../server/services/assistant/patient-facts';

/** The demo's four medications (db/seed.ts), prescribed by its primary care provider: what every one shares. */
const PRESCRIBED = {
  form: 'tablet',
  pharmacy: 'Springfield Pharmacy',
  instructions: null,
  endDate: null,
  status: 'active',
  pausedOn: null,
  stoppedOn: null,
  stopReason: null,
} as const satisfies Partial<MedicationFact>;

/** The demo patient's Medications list, by name, as loadPatientFacts reads it on 2026-11-22. */
const DEMO_MEDICATIONS: MedicationFact[] = [
  {
    ...PRESCRIBED,
    id: 4,
    name: 'Albuterol',
    strength: '90 mcg per puff',
    form: 'inhaler',
    dose: '2 puffs',
    instructions: 'Before exercise or when wheezing; at most 8 puffs a day',
    reason: 'Exercise-induced asthma',
    schedule: { kind: 'as-needed' },
    startDate: '2024-09-22',
    refillsLeft: 1,
    quantityOnHand: 140,
  },
  {
    ...PRESCRIBED,
    id: 3,
    name: 'Atorvastatin',
    strength: '20 mg',
    dose: '1 tablet',
    reason: 'High cholesterol',
    schedule: { kind: 'daily', times: ['22:00'] },
    startDate: '2026-08-22',
    refillsLeft: 5,
    quantityOnHand: 18,
  },
  {
    ...PRESCRIBED,
    id: 1,
    name: 'Lisinopril',
    strength: '10 mg',
    dose: '1 tablet',
    reason: 'High blood pressure',
    schedule: { kind: 'daily', times: ['08:00'] },
    startDate: '2025-09-22',
    refillsLeft: 3,
    quantityOnHand: 24,
  },
  {
    ...PRESCRIBED,
    id: 2,
    name: 'Metformin',
    strength: '500 mg',
    dose: '1 tablet',
    instructions: 'Take with food',
    reason: 'Type 2 diabetes',
    schedule: { kind: 'daily', times: ['08:00', '20:00'] },
    startDate: '2026-03-22',
    refillsLeft: 2,
    quantityOnHand: 41,
  },
];

/** A lab result of the demo's panel, drawn on September 22 with the lab's own range, and nothing before it. */
const drawn = (code: string, name: string, number: number, unit: string, range: string, flag: 'high' | null = null): MeasureReadings => ({
  latest: { code, name, kind: 'laboratory', date: '2026-09-22', number, second: null, value: `${number} ${unit}`, flag, range, labRange: true },
  unit,
  decimals: 1,
  earlier: [],
  recentMean: null,
  previousMean: null,
});

/**
 * The demo's readings (db/seed.ts) as loadPatientFacts reads them on 2026-11-22, in US units: a weekly blood pressure
 * (the last 30 days against the 30 before), a monthly weight, and September's panel from the lab.
 */
export const DEMO_READINGS: MeasureReadings[] = [
  {
    latest: { code: '85354-9', name: 'Blood pressure', kind: 'vital-sign', date: '2026-11-15', number: 128, second: 82, value: '128/82 mmHg', flag: 'high', range: '90/60–129/79 mmHg', labRange: false },
    unit: 'mmHg',
    decimals: 0,
    earlier: [
      { date: '2026-11-08', number: 132, second: 85 },
      { date: '2026-11-01', number: 127, second: 81 },
      { date: '2026-10-25', number: 129, second: 83 },
      { date: '2026-10-18', number: 134, second: 86 },
      { date: '2026-10-11', number: 128, second: 82 },
    ],
    recentMean: { count: 4, number: 129, second: 83 },
    previousMean: { count: 4, number: 130, second: 83 },
  },
  {
    latest: { code: '29463-7', name: 'Weight', kind: 'vital-sign', date: '2026-10-21', number: 170, second: null, value: '170 lb', flag: null, range: null, labRange: false },
    unit: 'lb',
    decimals: 1,
    earlier: [
      { date: '2026-09-21', number: 170.9, second: null },
      { date: '2026-08-21', number: 171.7, second: null },
      { date: '2026-07-21', number: 172.4, second: null },
    ],
    recentMean: null,
    previousMean: { count: 1, number: 170, second: null },
  },
  drawn('2093-3', 'Total cholesterol', 212, 'mg/dL', '199 mg/dL or less', 'high'),
  drawn('2085-9', 'HDL cholesterol', 52, 'mg/dL', '40 mg/dL or more'),
  drawn('18262-6', 'LDL cholesterol', 131, 'mg/dL', '99 mg/dL or less', 'high'),
  drawn('2571-8', 'Triglycerides', 145, 'mg/dL', '149 mg/dL or less'),
  drawn('4548-4', 'Hemoglobin A1c', 5.6, '%', '5.6 % or less'),
  drawn('2345-7', 'Glucose', 94, 'mg/dL', '70–99 mg/dL'),
];

/**
 * The seeded demo patient's facts as loadPatientFacts reads them on 2026-11-22 (patient-facts.test.ts checks exactly
 * this), and the base of the facts the pure rules are tested with (services/assistant/test-facts.ts).
 */
export const DEMO_FACTS: PatientFacts = {
  displayName: 'Alex Morgan',
  timeZone: null,
  today: '2026-11-22',
  clock: '12:00',
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
  medicationList: { current: DEMO_MEDICATIONS, past: [] },
  // Today's doses are left for the patient to log (the seed logs the two weeks before).
  todaysDoses: [
    { medicationId: 1, name: 'Lisinopril', strength: '10 mg', dose: '1 tablet', time: '08:00', logged: null, takenAt: null, reason: null },
    { medicationId: 2, name: 'Metformin', strength: '500 mg', dose: '1 tablet', time: '08:00', logged: null, takenAt: null, reason: null },
    { medicationId: 2, name: 'Metformin', strength: '500 mg', dose: '1 tablet', time: '20:00', logged: null, takenAt: null, reason: null },
    { medicationId: 3, name: 'Atorvastatin', strength: '20 mg', dose: '1 tablet', time: '22:00', logged: null, takenAt: null, reason: null },
  ],
  medications: null,
  // The current items of the health lists (issue 34), a line each: the resolved bronchitis is not one.
  allergies: 'Penicillin\nGrass pollen',
  conditions: null,
  readings: DEMO_READINGS,
};

/** A patient with nothing on file (or none yet, on a first run), on the same day. */
export const NOTHING_ON_FILE: PatientFacts = {
  displayName: null,
  timeZone: null,
  today: '2026-11-22',
  clock: '12:00',
  nextAppointments: [],
  care: [],
  plan: null,
  records: { count: 0, latest: null },
  medicationList: { current: [], past: [] },
  todaysDoses: [],
  medications: null,
  allergies: null,
  conditions: null,
  readings: [],
};
