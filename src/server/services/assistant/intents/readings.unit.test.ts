import { describe, expect, it } from 'vitest';
import { NOT_MEDICAL_ADVICE, type IntentId } from '../intent';
import type { MeasureReadings, PatientFacts, ReadingFact } from '../patient-facts';
import { matchIntent, replyFromRules } from '../rules';
import { EMPTY, FACTS } from '../../../../testing/assistant-fixtures';

// FACTS on Sunday, November 22, 2026, with readings as loadPatientFacts gives them in US units: blood pressure read
// often (the last 30 days against the 30 before), weight now and then (too few in those spans: the latest readings
// against the ones before), two A1c results, a lipid panel with the lab's own range, an in-range TSH, a critically
// high potassium, a height without a range and a urine glucose in words.

const ASK_YOUR_DOCTOR = 'Your doctor can tell you what your results mean for you.';
const CRITICAL = 'A result flagged critically high or low is one to raise with your doctor promptly';

/** A measure's readings: its newest, with nothing before it unless given. */
function measure(latest: Partial<ReadingFact> & Pick<ReadingFact, 'code' | 'name' | 'value'>, rest: Partial<Omit<MeasureReadings, 'latest'>> = {}): MeasureReadings {
  return {
    latest: { kind: 'laboratory', date: '2026-11-03', number: null, second: null, flag: null, range: null, labRange: false, ...latest },
    unit: null,
    decimals: 1,
    earlier: [],
    recentMean: null,
    previousMean: null,
    ...rest,
  };
}

const BLOOD_PRESSURE = measure(
  { code: '85354-9', name: 'Blood pressure', kind: 'vital-sign', date: '2026-11-21', number: 138, second: 88, value: '138/88 mmHg', flag: 'high', range: '90/60–129/79 mmHg' },
  {
    unit: 'mmHg',
    decimals: 0,
    earlier: [
      { date: '2026-11-20', number: 136, second: 86 },
      { date: '2026-11-19', number: 133, second: 85 },
    ],
    recentMean: { count: 12, number: 134, second: 86 },
    previousMean: { count: 10, number: 126, second: 80 },
  },
);
const WEIGHT = measure(
  { code: '29463-7', name: 'Weight', kind: 'vital-sign', date: '2026-11-20', number: 179.8, value: '179.8 lb' },
  {
    unit: 'lb',
    earlier: [
      { date: '2026-10-30', number: 180.4, second: null },
      { date: '2026-10-01', number: 180.6, second: null },
      { date: '2026-08-15', number: 183, second: null },
      { date: '2026-07-01', number: 183.4, second: null },
      { date: '2026-05-02', number: 184.1, second: null },
    ],
    recentMean: { count: 1, number: 179.8, second: null },
    previousMean: { count: 2, number: 180.5, second: null },
  },
);
const HEIGHT = measure({ code: '8302-2', name: 'Height', kind: 'vital-sign', date: '2025-06-01', number: 70, value: '70 in' }, { unit: 'in' });
const A1C = measure(
  { code: '4548-4', name: 'Hemoglobin A1c', date: '2026-03-03', number: 6.1, value: '6.1 %', flag: 'high', range: '4–5.6 %' },
  { unit: '%', earlier: [{ date: '2025-12-01', number: 6.4, second: null }] },
);
const LDL = measure({ code: '18262-6', name: 'LDL cholesterol', number: 142, value: '142 mg/dL', flag: 'high', range: '0–129 mg/dL', labRange: true }, { unit: 'mg/dL' });
const HDL = measure({ code: '2085-9', name: 'HDL cholesterol', number: 52, value: '52 mg/dL', range: '40 mg/dL or more' }, { unit: 'mg/dL' });
const TSH = measure({ code: '3016-3', name: 'TSH', number: 2.1, value: '2.1 mIU/L', range: '0.4–4.5 mIU/L' }, { unit: 'mIU/L', decimals: 2 });
const POTASSIUM = measure({ code: '2823-3', name: 'Potassium', number: 6.6, value: '6.6 mmol/L', flag: 'critical-high', range: '3.5–5.1 mmol/L' }, { unit: 'mmol/L' });
const URINE_GLUCOSE = measure({ code: '25428-4', name: 'Urine glucose', value: 'negative' });

const READINGS: PatientFacts = { ...FACTS, readings: [BLOOD_PRESSURE, WEIGHT, HEIGHT, LDL, HDL, A1C, POTASSIUM, TSH, URINE_GLUCOSE] };
const only = (...readings: MeasureReadings[]): PatientFacts => ({ ...FACTS, readings });
/** FACTS without a reading: the documents, care and medicines, but nothing on the Vitals and Lab Results pages. */
const NO_READINGS = only();
const answer = (question: string, facts: PatientFacts = READINGS) => replyFromRules(question, facts);

describe('readings: answers read the patient’s vitals and lab results', () => {
  it.each<[string, PatientFacts, string[]]>([
    // The last reading of a measure, by its name or another word for it, with its range, its flag and the one before.
    [
      'what was my last A1c?',
      READINGS,
      ['Your last hemoglobin A1c was 6.1 % on March 3, 2026 (usual range 4–5.6 %: high). The one before was 6.4 % on December 1, 2025. ' + ASK_YOUR_DOCTOR],
    ],
    ['What was my latest HbA1c', READINGS, ['Your last hemoglobin A1c was 6.1 % on March 3, 2026']],
    ['my latest LDL?', READINGS, ["Your last LDL cholesterol was 142 mg/dL on November 3, 2026 (the lab's range 0–129 mg/dL: high).", ASK_YOUR_DOCTOR]],
    ['What is my TSH?', READINGS, ['Your last TSH was 2.1 mIU/L on November 3, 2026 (usual range 0.4–4.5 mIU/L: in range).']],
    ['how much do I weigh?', READINGS, ['Your last weight was 179.8 lb on November 20, 2026. The one before was 180.4 lb on October 30, 2026.']],
    ['my last urine glucose', READINGS, ['Your last urine glucose was negative on November 3, 2026.']],
    ['is my potassium high?', READINGS, ['Your last potassium was 6.6 mmol/L on November 3, 2026 (usual range 3.5–5.1 mmol/L: critically high).', ASK_YOUR_DOCTOR, CRITICAL]],
    [
      'what were my last LDL and HDL?',
      READINGS,
      ["Your last LDL cholesterol was 142 mg/dL on November 3, 2026 (the lab's range 0–129 mg/dL: high). Your last HDL cholesterol was 52 mg/dL on November 3, 2026 (usual range 40 mg/dL or more: in range)."],
    ],
    ['what was my last blood sugar?', READINGS, ["You have no glucose results yet: record one on the Lab Results page, or import your lab's CSV file there."]],

    // Going up or down: the last 30 days' mean against the 30 days before, with the latest reading.
    [
      'is my blood pressure going up?',
      READINGS,
      [
        'Your blood pressure averaged 134/86 mmHg over the last 30 days (12 readings), up from 126/80 mmHg in the 30 days before (10 readings). ' +
          'Your latest was 138/88 mmHg on November 21, 2026 (usual range 90/60–129/79 mmHg: high). ' +
          ASK_YOUR_DOCTOR,
      ],
    ],
    ['How is my BP trending?', READINGS, ['Your blood pressure averaged 134/86 mmHg over the last 30 days (12 readings), up from 126/80 mmHg']],
    [
      'is my blood pressure getting better',
      only({ ...BLOOD_PRESSURE, recentMean: { count: 3, number: 124.4, second: 79.6 }, previousMean: { count: 2, number: 126, second: 80 } }),
      ['Your blood pressure averaged 124/80 mmHg over the last 30 days (3 readings), down from 126/80 mmHg in the 30 days before (2 readings).'],
    ],
    [
      'has my blood pressure changed?',
      only({ ...BLOOD_PRESSURE, recentMean: { count: 3, number: 126.2, second: 80.4 }, previousMean: { count: 2, number: 125.8, second: 79.9 } }),
      ['averaged 126/80 mmHg over the last 30 days (3 readings), the same as 126/80 mmHg in the 30 days before (2 readings).'],
    ],
    [
      'is my blood pressure going up',
      only({ ...BLOOD_PRESSURE, recentMean: { count: 3, number: 130, second: 78 }, previousMean: { count: 2, number: 126, second: 80 } }),
      ['averaged 130/78 mmHg over the last 30 days (3 readings), compared with 126/80 mmHg in the 30 days before (2 readings).'],
    ],
    // Too few in those spans: the latest readings against the ones before them.
    [
      'how is my weight trending?',
      READINGS,
      [
        'There are too few weight readings in the last 60 days to compare the last 30 days with the 30 before, so here are your latest readings against earlier ones. ' +
          'Your last 3 readings (October 1, 2026 to November 20, 2026) averaged 180.3 lb, down from 183.5 lb over the 3 before them (May 2, 2026 to August 15, 2026). ' +
          'Your latest was 179.8 lb on November 20, 2026.',
      ],
    ],
    // Too few to tell, said plainly.
    [
      'is my a1c improving?',
      READINGS,
      [
        'You have only 2 hemoglobin A1c results, too few to tell a trend: 6.1 % on March 3, 2026 (usual range 4–5.6 %: high) and 6.4 % on December 1, 2025. ' +
          'Record more on the Lab Results page and ask again.',
      ],
    ],
    ['has my height changed?', READINGS, ['You have only one height reading, too few to tell a trend: 70 in on June 1, 2025. Record more on the Vitals page and ask again.']],
    ['is my urine glucose going up?', READINGS, ['Your urine glucose results are words, not numbers (the last: negative on November 3, 2026), so there is no trend to tell.']],
    ['are my numbers going up?', READINGS, ['Which one would you like to know about? You have readings of blood pressure, weight, height, LDL cholesterol', 'ask, for example, "Is my blood pressure going up?"']],

    // The latest results, those outside their range first.
    [
      'show me my lab results',
      READINGS,
      [
        "Of your latest lab results (the newest of each), 3 are outside their ranges: LDL cholesterol 142 mg/dL on November 3, 2026 (the lab's range 0–129 mg/dL: high); " +
          'hemoglobin A1c 6.1 % on March 3, 2026 (usual range 4–5.6 %: high); potassium 6.6 mmol/L on November 3, 2026 (usual range 3.5–5.1 mmol/L: critically high). ' +
          'Within range: HDL cholesterol 52 mg/dL on November 3, 2026; TSH 2.1 mIU/L on November 3, 2026. No range to compare with: urine glucose negative on November 3, 2026. ' +
          ASK_YOUR_DOCTOR,
        CRITICAL,
      ],
    ],
    [
      'any abnormal results?',
      READINGS,
      [
        'Of your latest vitals and lab results (the newest of each), 4 are outside their ranges: blood pressure 138/88 mmHg on November 21, 2026 (usual range 90/60–129/79 mmHg: high); LDL cholesterol',
        'The others are within range, or have no range to compare with: weight, height, HDL cholesterol, TSH, and urine glucose.',
      ],
    ],
    [
      'any abnormal lab results?',
      only(HDL, TSH),
      [
        'None of your latest lab results (the newest of each) is outside its range: HDL cholesterol and TSH.',
      ],
    ],
    [
      'how are my vitals?',
      READINGS,
      [
        'Of your latest vitals (the newest of each), 1 is outside its range: blood pressure 138/88 mmHg on November 21, 2026 (usual range 90/60–129/79 mmHg: high). ' +
          'No range to compare with: weight 179.8 lb on November 20, 2026; height 70 in on June 1, 2025.',
      ],
    ],
    ['my blood work', only(HDL, TSH), ['None of your latest lab results (the newest of each) is outside its range. Within range: HDL cholesterol 52 mg/dL on November 3, 2026; TSH 2.1 mIU/L on November 3, 2026.']],
    [
      'what are my cholesterol levels?',
      READINGS,
      ["Of your latest lipid panel results (the newest of each), 1 is outside its range: LDL cholesterol 142 mg/dL on November 3, 2026 (the lab's range 0–129 mg/dL: high). Within range: HDL cholesterol 52 mg/dL"],
    ],
  ])('%j', (question, facts, expected) => {
    expect(matchIntent(question, facts)?.id).toBe('readings');
    const reply = answer(question, facts);
    for (const fact of expected) expect(reply).toContain(fact);
    expect(reply.endsWith(`\n\n${NOT_MEDICAL_ADVICE}`)).toBe(true);
  });

  it('says only the doctor line when something is flagged, and the critical line only for a critical result', () => {
    expect(answer('What is my TSH?')).not.toContain(ASK_YOUR_DOCTOR);
    expect(answer('what was my last A1c?')).not.toContain(CRITICAL);
  });

  it.each<[string, string]>([
    ['is my blood pressure going up?', 'You have no blood pressure readings yet: record one on the Vitals page.'],
    ['how is my weight trending?', 'You have no weight readings yet: record one on the Vitals page.'],
    ['what was my last A1c?', "You have no hemoglobin A1c results yet: record one on the Lab Results page, or import your lab's CSV file there."],
    ['my lipid panel', "You have no lipid panel results yet: record them on the Lab Results page, or import your lab's CSV file there."],
    ['any abnormal results?', 'You have no vitals or lab results recorded yet: record a reading on the Vitals page, or a lab result on the Lab Results page.'],
    ['how are my vitals', 'You have no vital sign readings yet: record one on the Vitals page.'],
    ['are my readings going up?', 'You have no vitals or lab results recorded yet'],
  ])('with no readings, %j says so and where to record one', (question, expected) => {
    for (const facts of [EMPTY, NO_READINGS]) expect(answer(question, facts)).toContain(expected);
  });

  it('names the documents already uploaded when there are no lab results to read', () => {
    expect(answer('show me my lab results', NO_READINGS)).toContain(
      "You have no lab results recorded yet: record one on the Lab Results page, or import your lab's CSV file there. " +
        'Your Medical Records hold 2 documents; the latest is lab-results-cbc.pdf, uploaded on November 19, 2026.',
    );
    expect(answer('show me my lab results', EMPTY)).not.toContain('Medical Records');
  });

  it.each<[string, string[]]>([
    ['how do I record my blood pressure?', ['To record a reading, open the Vitals page and fill in Record a reading at the top: blood pressure goes in one line, such as 128/82.']],
    ['where can I add my A1c?', ["To record a lab result, open the Lab Results page and fill in Record a result at the top, typing the number as the report gives it, with its '<' or '>'."]],
    ['how do I log my readings', ['To record a reading, open the Vitals page', 'To record a lab result, open the Lab Results page']],
  ])('%j says where to record it', (question, expected) => {
    expect(matchIntent(question, EMPTY)?.id).toBe('readings');
    for (const text of expected) expect(answer(question, EMPTY)).toContain(text);
  });

  // The patient's own readings go to this intent, before the general guidance; a general question stays with it, and
  // questions about care, appointments, medications and documents with theirs.
  it.each<[string, IntentId | undefined]>([
    ['what was my last A1c?', 'readings'],
    ['whats my blood sugar', 'readings'],
    ['is my blood pressure going up?', 'readings'],
    ['how is my blood pressure', 'readings'],
    ['Is my blood pressure high?', 'readings'],
    ['my blood pressure readings', 'readings'],
    ['has my LDL gone down?', 'readings'],
    ['what was my cholesterol at my last physical', 'readings'],
    ['my lab results', 'readings'],
    ['any results out of range?', 'readings'],
    ['how can I lower blood pressure?', 'blood-pressure'],
    ['How can I lower my blood pressure?', 'blood-pressure'],
    ['What is a normal blood pressure?', 'blood-pressure'],
    ['my blood pressure is 150/95, is that high?', 'blood-pressure'],
    ['my last blood pressure reading was 150 over 95, is that bad?', 'blood-pressure'],
    ['What does my blood pressure reading mean?', 'blood-pressure'],
    ['what should my blood pressure be?', 'blood-pressure'],
    ['When is my blood pressure check?', 'next-appointment'],
    ['Is my blood pressure check overdue?', 'care-due'],
    ['Is my cholesterol screening due?', 'care-due'],
    ['what do I take for my blood pressure?', 'medications'],
    ['Is my Metformin lowering my blood sugar?', 'medication-named'],
    ['How do I upload my lab results?', 'how-to-upload'],
    ['What was the last document I uploaded?', 'records'],
    ['my pain came back', 'symptoms'],
    ['what is a1c', undefined],
  ])('%j → %s', (question, id) => {
    expect(matchIntent(question, READINGS)?.id).toBe(id);
  });
});
