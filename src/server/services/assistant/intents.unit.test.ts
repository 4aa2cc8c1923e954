import { describe, expect, it } from 'vitest';
import { QUICK_QUESTIONS } from '../../../shared/rules/quick-questions';
import { emergencyReply } from './emergency';
import {
  INSURER_HAS_FINAL_WORD,
  INTENTS,
  NOT_MEDICAL_ADVICE,
  matchIntent,
  mentionedNames,
  replyFromRules,
  type IntentId,
} from './intents';
import { DEMO_FACTS, NOTHING_ON_FILE } from '../../../testing/patient-facts';
import type { PatientFacts } from './patient-facts';

// The rules are pure: these facts stand for what loadPatientFacts reads (patient-facts.test.ts checks that part).
const FACTS: PatientFacts = {
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
const EMPTY = NOTHING_ON_FILE;

const CALL_911 = 'Call 911 (or your local emergency number) now';


describe('emergencyReply: an emergency is answered before anything else', () => {
  it('runs before every intent, even when the question also asks something else', () => {
    for (const question of ['When is my next appointment? I have chest pain', 'Hi! I cant breathe', 'thanks, I want to die']) {
      expect(matchIntent(question)).toBeDefined();
      expect(replyFromRules(question, FACTS).startsWith(CALL_911)).toBe(true);
    }
    expect(replyFromRules('can’t breathe', FACTS)).toBe(emergencyReply('can’t breathe'));
  });
});

describe('matchIntent: the first intent that matches the question', () => {
  const phrasings: Array<[string, IntentId]> = [
    ['When is my next appointment?', 'next-appointment'],
    ['when is my next appt', 'next-appointment'],
    ['Do I have any upcoming appointments?', 'next-appointment'],
    ["When's my appointment with Dr. Patel?", 'next-appointment'],
    ['When is my eye exam?', 'next-appointment'],
    ['What time is my appointment?', 'next-appointment'],
    ['when do I see the doctor', 'next-appointment'],
    ['Hi, when is my next appointment?', 'next-appointment'],
    ['What care is overdue?', 'care-due'],
    ['Is anything due soon?', 'care-due'],
    ['Am I up to date on my preventive care?', 'care-due'],
    ['which screenings do I need', 'care-due'],
    ['Is my flu shot due?', 'care-due'],
    ['What vaccines am I behind on?', 'care-due'],
    ['How much of my deductible is left?', 'insurance-costs'],
    ['deductible?', 'insurance-costs'],
    ["What's my out-of-pocket max?", 'insurance-costs'],
    ['How much have I spent toward my out of pocket maximum', 'insurance-costs'],
    ['what insurance do I have', 'insurance-costs'],
    ['What does my plan cover for a dental cleaning?', 'plan-benefits'],
    ['Is an eye exam covered?', 'plan-benefits'],
    ["What's my copay for a specialist?", 'plan-benefits'],
    ['how much does a primary care visit cost', 'plan-benefits'],
    ['what are my benefits', 'plan-benefits'],
    ['Does my insurance cover the ER?', 'plan-benefits'],
    ['How many records do I have?', 'records'],
    ['What was the last document I uploaded?', 'records'],
    ['show me my lab results', 'records'],
    ['What medications am I on?', 'medications'],
    ['list my meds', 'medications'],
    ['what prescriptions do I take', 'medications'],
    ['Do I have any allergies?', 'allergies'],
    ['what am I allergic to', 'allergies'],
    ['What allergies do I have on file?', 'allergies'],
    ['my allergies', 'allergies'],
    ['Do I have seasonal allergies on file?', 'allergies'],
    ['What are the signs of an allergic reaction?', 'allergies'],
    ['What are the symptoms of seasonal allergies?', 'seasonal-allergies'],
    ['signs of hay fever', 'seasonal-allergies'],
    ['my allergy symptoms are bad this week', 'seasonal-allergies'],
    ['is the pollen count high', 'seasonal-allergies'],
    ['How much water should I drink daily?', 'hydration'],
    ['how many glasses of water a day', 'hydration'],
    ['I think I am dehydrated', 'hydration'],
    ['What are the signs of high blood pressure?', 'blood-pressure'],
    ['What is a normal blood pressure?', 'blood-pressure'],
    ['my blood pressure is 150/95, is that high?', 'blood-pressure'],
    ['When should I see a doctor about high blood pressure?', 'blood-pressure'],
    ['is hypertension a chronic condition', 'blood-pressure'],
    ['When is my blood pressure check?', 'next-appointment'],
    ['Is my blood pressure check overdue?', 'care-due'],
    ['How can I relieve back pain at home?', 'back-pain'],
    ['I have a sore lower back', 'back-pain'],
    ['pain in my lower back', 'back-pain'],
    ['what medicine helps back pain', 'back-pain'],
    ['my pain came back', 'symptoms'],
    ['When is my appointment for my back pain?', 'next-appointment'],
    ['Does my insurance cover physical therapy for back pain?', 'plan-benefits'],
    ['How do I book an appointment for my back pain?', 'how-to-book'],
    ['how many hours of sleep do I need', 'sleep'],
    ['I cant sleep at night', 'sleep'],
    ['I think I have the flu', 'cold-and-flu'],
    ['how do I get over a cold', 'cold-and-flu'],
    ['Is my flu shot due?', 'care-due'],
    ['What conditions do I have?', 'conditions'],
    ['show my medical history', 'conditions'],
    ['How do I upload a record?', 'how-to-upload'],
    ['upload a document', 'how-to-upload'],
    ['Can I add my lab report as a PDF?', 'how-to-upload'],
    ['where do I upload my insurance card', 'how-to-upload'],
    ['How do I book an appointment?', 'how-to-book'],
    ['I need to schedule a dental cleaning', 'how-to-book'],
    ["I'd like to make an appointment", 'how-to-book'],
    ['book a visit', 'how-to-book'],
    ['How can I export my appointments to my calendar?', 'how-to-calendar'],
    ['add my appointment to google calendar', 'how-to-calendar'],
    ['how do I get an ics file', 'how-to-calendar'],
    ['How do I cancel my appointment?', 'how-to-cancel'],
    ['I need to reschedule my appointment', 'how-to-cancel'],
    ['I have a headache', 'symptoms'],
    ['I feel sick and have a fever', 'symptoms'],
    ['I have been feeling anxious', 'symptoms'],
    ['what can you do?', 'capabilities'],
    ['help', 'capabilities'],
    ['Hi', 'greeting'],
    ['hello there', 'greeting'],
    ['Good morning!', 'greeting'],
    ['thanks!', 'thanks'],
    ['Thank you so much', 'thanks'],
  ];

  it.each(phrasings)('%j → %s', (question, id) => {
    expect(matchIntent(question)?.id).toBe(id);
  });

  it('has phrasings for every intent, and every intent id once', () => {
    const ids = INTENTS.map((intent) => intent.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(phrasings.map(([, id]) => id))).toEqual(new Set(ids));
  });

  it.each(['What is the meaning of life?', 'asdfgh', 'Tell me a joke', '42'])('%j matches no intent', (question) => {
    expect(matchIntent(question)).toBeUndefined();
  });
});

describe('replyFromRules: answers cite the patient’s facts', () => {
  it.each<[string, string[]]>([
    [
      'When is my next appointment?',
      ['Eye Examination', 'Dr. James Patel', 'Optometry', 'Tuesday, December 1, 2026', '2:00 PM', '(in 9 days)', 'After that: Dental Cleaning', 'Tuesday, January 5, 2027 (Morning)'],
    ],
    ['When is my dental cleaning appointment?', ['Dental Cleaning with Dr. Sarah Chen (Dentistry) on Tuesday, January 5, 2027 (Morning)']],
    ['What care is overdue?', ['Overdue: Dental Cleaning (due November 10, 2026)', 'Blood Pressure Check (due January 22, 2027)', 'Already scheduled: Eye Examination']],
    ['Is my dental cleaning overdue?', ['Dental Cleaning is overdue', 'November 10, 2026', '12 days ago', 'last completed on May 22, 2026']],
    ['Is my flu shot due?', ['Flu Vaccine is next due on October 22, 2027', 'last completed on October 22, 2026']],
    ['Is my eye exam overdue?', ['Eye Examination is scheduled with Dr. James Patel on Tuesday, December 1, 2026 at 2:00 PM']],
    ['when is my cholesterol screening due', ['Cholesterol Screening is next due on April 22, 2027']],
    [
      'How much of my deductible is left?',
      ['Blue Cross Blue Shield PPO plan', '$650 of $1,500 met (43%)', '$850 left to meet', '$1,200 of $5,000 met (24%)', '$3,800 left', INSURER_HAS_FINAL_WORD],
    ],
    ['Is an eye exam covered?', ['Vision exam: $15 copay in network, 50% after deductible out of network']],
    ['Does my insurance cover the ER?', ['Emergency room: $250 copay in network']],
    ['are generic drugs covered', ['Prescription drugs (generic): $10 copay in network, Not covered out of network']],
    ["What's my copay for a specialist?", ['Specialist visit: $50 copay']],
    [
      'What does my plan cover for a dental cleaning?',
      ["I couldn't find that service", 'Preventive care, Primary care visit, Specialist visit, Emergency room, Prescription drugs (generic), and Vision exam'],
    ],
    ['How many records do I have?', ['2 medical records', 'lab-results-cbc.pdf', 'Blood work from the annual physical', 'November 19, 2026']],
    ['What medications am I on?', ['Lisinopril 10 mg daily; Vitamin D.', 'My Profile']],
    ['Do I have any allergies?', ['Penicillin']],
    ['What conditions do I have?', ['Hypertension']],
    ['How do I upload a record?', ['Medical Records', 'Upload New Record']],
    ['How do I book an appointment?', ['Appointments → Schedule New']],
    ['How can I export my appointments to my calendar?', ['Add to calendar', '.ics file']],
    ['How do I cancel my appointment?', ['Cancel', 'Schedule New']],
    ['I have a headache', ["can't assess symptoms", 'Eye Examination with Dr. James Patel']],
    ['I have been feeling anxious', ['call or text 988']],
    ['Hi', ['Hello, Alex!']],
    ['thanks!', ["You're welcome, Alex!"]],
  ])('%j', (question, expected) => {
    const reply = replyFromRules(question, FACTS);
    for (const fact of expected) expect(reply).toContain(fact);
  });

  it.each<[string, string[]]>([
    ['When is my next appointment?', ["don't have any upcoming appointments", 'Appointments → Schedule New']],
    ['What care is overdue?', ['no preventative care items on file', 'Preventative Care']],
    ['How much of my deductible is left?', ["don't have an insurance plan on file", 'Insurance']],
    ['Is an eye exam covered?', ["don't have an insurance plan on file", "can't look up your coverage"]],
    ['How many records do I have?', ["don't have any medical records on file", 'Medical Records → Upload New Record']],
    ['What medications am I on?', ['no medications recorded', 'My Profile', 'Medical History']],
    ['Do I have any allergies?', ['no allergies recorded', 'My Profile']],
    ['What conditions do I have?', ['no existing conditions recorded', 'My Profile']],
    ['Hi', ["Hello! I'm your health assistant"]],
  ])('with nothing on file, %j says so and where to add it', (question, expected) => {
    const reply = replyFromRules(question, EMPTY);
    for (const fact of expected) expect(reply).toContain(fact);
  });

  it('says all care is up to date, and names what is next, when nothing is overdue or due soon', () => {
    const facts: PatientFacts = { ...FACTS, care: FACTS.care.filter((item) => item.status === 'upcoming' || item.status === 'completed') };
    const reply = replyFromRules('Is anything overdue?', facts);
    expect(reply).toContain('Your preventative care is up to date');
    expect(reply).toContain('Next up: Cholesterol Screening, due April 22, 2027');
  });

  it('says when an appointment is today or tomorrow', () => {
    const [eyeExam] = FACTS.nextAppointments;
    expect(replyFromRules('next appointment?', { ...FACTS, nextAppointments: [{ ...eyeExam!, date: '2026-11-22' }] })).toContain('(today)');
    expect(replyFromRules('next appointment?', { ...FACTS, nextAppointments: [{ ...eyeExam!, date: '2026-11-23' }] })).toContain('(tomorrow)');
  });

  it('reads a deductible met in full, and a plan without a deductible', () => {
    const plan = { ...FACTS.plan!, deductibleMet: 1500, outOfPocketMax: 0, outOfPocketMet: 0 };
    const reply = replyFromRules('deductible?', { ...FACTS, plan });
    expect(reply).toContain('Deductible: $1,500, met in full.');
    expect(reply).toContain('No out-of-pocket maximum is on file for it.');
  });

  it('says when a plan lists no benefits', () => {
    const reply = replyFromRules('Is an eye exam covered?', { ...FACTS, plan: { ...FACTS.plan!, benefits: [] } });
    expect(reply).toContain('No benefits are listed for your Blue Cross Blue Shield PPO plan');
  });

  it('gives careful general guidance, with the disclaimer, to a question it does not know', () => {
    const reply = replyFromRules('What is the meaning of life?', FACTS);
    expect(reply).toContain("I'm not sure I understood that");
    expect(reply).toContain('your doctor or pharmacist');
    expect(reply).toContain('call 911');
    expect(reply.endsWith(`\n\n${NOT_MEDICAL_ADVICE}`)).toBe(true);
  });
});

describe('general guidance: the Quick Questions and other common topics', () => {
  // Every Quick Question on the /chat page must get a real answer on its topic, never the fallback or the patient's
  // recorded allergies. Keyed by the questions' own type: a new Quick Question does not compile until it has a row here.
  const quick: Record<(typeof QUICK_QUESTIONS)[number], [IntentId, string[]]> = {
    'What are the symptoms of seasonal allergies?': ['seasonal-allergies', ['sneezing', 'itchy or watery eyes', 'pollen', "don't cause a fever", 'call 911']],
    'How much water should I drink daily?': ['hydration', ['11.5 cups (2.7 litres)', '15.5 cups (3.7 litres)', 'pale yellow urine', 'ask your doctor']],
    'What are the signs of high blood pressure?': [
      'blood-pressure',
      ['usually has no signs or symptoms', 'below 120/80 as normal', '180/120 or higher', 'chest pain, shortness of breath', 'call 911', 'contact your doctor right away'],
    ],
    'How can I relieve back pain at home?': [
      'back-pain',
      ['keep gently active', 'acetaminophen or ibuprofen', 'numbness in the groin', 'loss of bladder or bowel control', 'a fever', 'after a fall', 'See your doctor'],
    ],
  };

  it.each(QUICK_QUESTIONS.map((question) => [question, ...quick[question]] as const))('%j → %s', (question, id, phrases) => {
    expect(emergencyReply(question)).toBeNull();
    expect(matchIntent(question)?.id).toBe(id);
    for (const facts of [FACTS, EMPTY]) {
      const reply = replyFromRules(question, facts);
      expect(reply).not.toContain("I'm not sure I understood that");
      expect(reply).not.toContain('on file in My Profile: Penicillin');
      expect(reply.startsWith(CALL_911)).toBe(false);
      for (const phrase of phrases) expect(reply).toContain(phrase);
      expect(reply.endsWith(`\n\n${NOT_MEDICAL_ADVICE}`)).toBe(true);
    }
  });

  it.each<[string, string[]]>([
    ['how many hours of sleep do I need', ['at least 7 hours', 'sleep apnea', 'See your doctor']],
    ['I think I have the flu', ["antibiotics don't help", 'within 2 days', 'more than 10 days', 'call 911', 'Flu Vaccine is next due on October 22, 2027']],
  ])('%j: topic-specific guidance, when to see a doctor, and the disclaimer', (question, phrases) => {
    const reply = replyFromRules(question, FACTS);
    for (const phrase of phrases) expect(reply).toContain(phrase);
    expect(reply.endsWith(`\n\n${NOT_MEDICAL_ADVICE}`)).toBe(true);
  });

  it("weaves in the patient's own facts where they bear on the topic, and says nothing of them when there are none", () => {
    const bloodPressure = replyFromRules('What are the signs of high blood pressure?', FACTS);
    expect(bloodPressure).toContain('Your conditions on file in My Profile mention high blood pressure');
    expect(bloodPressure).toContain('From your Preventative Care list: Blood Pressure Check is due soon, on January 22, 2027');
    expect(replyFromRules('How can I relieve back pain at home?', FACTS)).toContain('Your next appointment is Eye Examination with Dr. James Patel');

    const empty = replyFromRules('What are the signs of high blood pressure?', EMPTY);
    expect(empty).not.toContain('My Profile');
    expect(empty).not.toContain('Preventative Care');
    expect(replyFromRules('How can I relieve back pain at home?', EMPTY)).toContain('You have no upcoming appointments');
  });

  it('leaves an emergency to the emergency rule', () => {
    for (const question of ['my blood pressure is 190/125 and I have chest pain', 'back pain and I cant breathe', 'I have the flu and trouble breathing']) {
      expect(replyFromRules(question, FACTS)).toBe(emergencyReply(question));
      expect(emergencyReply(question)!.startsWith(CALL_911)).toBe(true);
    }
  });
});

describe('the not-medical-advice line', () => {
  const sampleQuestion: Record<IntentId, string> = {
    'how-to-upload': 'How do I upload a record?',
    'how-to-calendar': 'add my appointment to google calendar',
    'how-to-cancel': 'How do I cancel my appointment?',
    'how-to-book': 'How do I book an appointment?',
    'plan-benefits': 'Is an eye exam covered?',
    'insurance-costs': 'How much of my deductible is left?',
    'seasonal-allergies': 'What are the symptoms of seasonal allergies?',
    hydration: 'How much water should I drink daily?',
    'blood-pressure': 'What are the signs of high blood pressure?',
    'back-pain': 'How can I relieve back pain at home?',
    sleep: 'how many hours of sleep do I need',
    'cold-and-flu': 'I think I have the flu',
    medications: 'What medications am I on?',
    allergies: 'Do I have any allergies?',
    conditions: 'What conditions do I have?',
    'care-due': 'What care is overdue?',
    'next-appointment': 'When is my next appointment?',
    records: 'How many records do I have?',
    symptoms: 'I have a headache',
    capabilities: 'what can you do?',
    greeting: 'Hi',
    thanks: 'thanks!',
  };

  it.each(INTENTS.map((intent) => [intent.id, intent.aboutHealth] as const))('%s: ends with it when it touches health (%s)', (id, aboutHealth) => {
    for (const facts of [FACTS, EMPTY]) {
      const reply = replyFromRules(sampleQuestion[id], facts);
      expect(matchIntent(sampleQuestion[id])?.id).toBe(id);
      expect(reply.endsWith(`\n\n${NOT_MEDICAL_ADVICE}`)).toBe(aboutHealth);
      // Once only.
      expect(reply.split(NOT_MEDICAL_ADVICE)).toHaveLength(aboutHealth ? 2 : 1);
    }
  });

  it('is added when an appointment question is answered from the care list', () => {
    // No appointment names the blood pressure check; a care item does.
    const question = 'When is my blood pressure check?';
    expect(matchIntent(question)?.id).toBe('next-appointment');
    const reply = replyFromRules(question, FACTS);
    expect(reply).toContain('Blood Pressure Check is due soon, on January 22, 2027');
    expect(reply.endsWith(NOT_MEDICAL_ADVICE)).toBe(true);
  });

  it('reads as a whole sentence about being general information', () => {
    expect(NOT_MEDICAL_ADVICE).toMatch(/^[A-Z].*not medical advice\.$/);
  });
});

describe('mentionedNames: which service or item a question names', () => {
  const benefits = FACTS.plan!.benefits.map((benefit) => benefit.serviceName);
  it.each([
    ['is an eye exam covered', ['Vision exam']],
    ['what about glasses', ['Vision exam']],
    ['x-ray of my teeth', []],
    ['the ER', ['Emergency room']],
    ['my meds', ['Prescription drugs (generic)']],
    ['a visit to my doctor', ['Primary care visit']],
    ['annual physical', ['Preventive care']],
    ['a specialist visit', ['Specialist visit']],
    ['a visit', []],
    ['dental cleaning', []],
  ])('%j → %j', (question, names) => {
    expect(mentionedNames(question, benefits, (name) => name)).toEqual(names);
  });
});
