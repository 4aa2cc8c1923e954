import { describe, expect, it } from 'vitest';
import { QUICK_QUESTIONS } from '../../../../shared/rules/quick-questions';
import { emergencyReply } from '../emergency';
import { NOT_MEDICAL_ADVICE, type IntentId } from '../intent';
import { matchIntent, replyFromRules } from '../rules';
import { EMPTY, FACTS } from '../../../../testing/assistant-fixtures';

const CALL_911 = 'Call 911 (or your local emergency number) now';

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

describe('the fallback: a question no intent matches', () => {
  it('gives careful general guidance, with the disclaimer, to a question it does not know', () => {
    const reply = replyFromRules('What is the meaning of life?', FACTS);
    expect(reply).toContain("I'm not sure I understood that");
    expect(reply).toContain('your doctor or pharmacist');
    expect(reply).toContain('call 911');
    expect(reply.endsWith(`\n\n${NOT_MEDICAL_ADVICE}`)).toBe(true);
  });
});
