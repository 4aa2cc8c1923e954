import { describe, expect, it } from 'vitest';
import { emergencyReply } from './emergency';
import { NOT_MEDICAL_ADVICE, type IntentId } from './intent';
import { INTENTS, matchIntent, replyFromRules } from './rules';
import { EMPTY, FACTS } from '../../../testing/assistant-fixtures';

// The order of the rules: the emergency first, then the intents in the order they are tried. What each intent
// answers is tested beside it (intents/, general-guidance/).

const CALL_911 = 'Call 911 (or your local emergency number) now';

describe('emergencyReply: an emergency is answered before anything else', () => {
  it('runs before every intent, even when the question also asks something else', () => {
    for (const question of ['When is my next appointment? I have chest pain', 'Hi! I cant breathe', 'thanks, I want to die', 'I took 20 of my Metformin pills']) {
      expect(matchIntent(question, FACTS)).toBeDefined();
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
    ['show me the lab report I uploaded', 'records'],
    // The patient's own readings (issue 35): before the general guidance on blood pressure, after a medication named.
    ['show me my lab results', 'readings'],
    ['what was my last A1c?', 'readings'],
    ['is my blood pressure going up?', 'readings'],
    ['how is my weight trending?', 'readings'],
    ['any abnormal results?', 'readings'],
    ['how can I lower blood pressure?', 'blood-pressure'],
    ['What medications am I on?', 'medications'],
    ['list my meds', 'medications'],
    ['what prescriptions do I take', 'medications'],
    ['what do I take in the evening?', 'medications'],
    ['What do I take at night?', 'medications'],
    ['did I take everything today?', 'medications'],
    ['how many refills do I have left', 'medications'],
    ['when do I take my pills', 'medications'],
    // The patient's own medicine, not the guidance on blood pressure.
    ['what do I take for my high blood pressure?', 'medications'],
    // One of the patient's medications by name (FACTS' list): before the general guidance, after insurance.
    ['did I take my Metformin today?', 'medication-named'],
    ['What is lisinopril for?', 'medication-named'],
    ['Is my Lisinopril for high blood pressure?', 'medication-named'],
    ['can I take atorvastatin when I have the flu', 'medication-named'],
    ['Does my insurance cover Metformin?', 'plan-benefits'],
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
    expect(matchIntent(question, FACTS)?.id).toBe(id);
  });

  it('recognises a medication by its name only with the facts that list it', () => {
    expect(matchIntent('What is lisinopril for?')).toBeUndefined();
    expect(matchIntent('What is lisinopril for?', EMPTY)).toBeUndefined();
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

describe('the not-medical-advice line', () => {
  const sampleQuestion: Record<IntentId, string> = {
    'how-to-upload': 'How do I upload a record?',
    'how-to-calendar': 'add my appointment to google calendar',
    'how-to-cancel': 'How do I cancel my appointment?',
    'how-to-book': 'How do I book an appointment?',
    'plan-benefits': 'Is an eye exam covered?',
    'insurance-costs': 'How much of my deductible is left?',
    readings: 'is my blood pressure going up?',
    'seasonal-allergies': 'What are the symptoms of seasonal allergies?',
    hydration: 'How much water should I drink daily?',
    'blood-pressure': 'What are the signs of high blood pressure?',
    'back-pain': 'How can I relieve back pain at home?',
    sleep: 'how many hours of sleep do I need',
    'cold-and-flu': 'I think I have the flu',
    'medication-named': 'did I take my Metformin today?',
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
    // A medication is named only among the patient's own: EMPTY has none to name.
    for (const facts of id === 'medication-named' ? [FACTS] : [FACTS, EMPTY]) {
      const reply = replyFromRules(sampleQuestion[id], facts);
      expect(matchIntent(sampleQuestion[id], facts)?.id).toBe(id);
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
