import { describe, expect, it } from 'vitest';
import { normaliseQuestion } from './reading';
import { EMERGENCY_SIGNS, emergencyReply } from './emergency';

const CALL_911 = 'Call 911 (or your local emergency number) now';

describe('emergencyReply: an emergency is answered before anything else', () => {
  it.each([
    // chest pain, including negations and the patient's own punctuation and capitals
    ['I have chest pain', 'chest-pain'],
    ['CHEST PAIN!!!', 'chest-pain'],
    ['chest-pain since this morning', 'chest-pain'],
    ['no chest pain, just wondering', 'chest-pain'],
    ["I don't have chest pain", 'chest-pain'],
    ['my chest feels tight and hurts', 'chest-pain'],
    ['there is pressure in my chest', 'chest-pain'],
    ['I think I am having a heart attack', 'chest-pain'],
    // breathing
    ["I can't breathe", 'breathing'],
    ['I can’t breathe', 'breathing'],
    ['cant breathe properly', 'breathing'],
    ['I cannot catch my breath', 'breathing'],
    ['having trouble breathing', 'breathing'],
    ['Difficulty breathing after walking', 'breathing'],
    ['shortness of breath', 'breathing'],
    ['Short of breath?', 'breathing'],
    ['NOT short of breath', 'breathing'],
    ['my son is choking', 'breathing'],
    // stroke signs
    ['I think my dad is having a stroke', 'stroke'],
    ['Stroke?', 'stroke'],
    ['her face is drooping on one side', 'stroke'],
    ['face drooping', 'stroke'],
    ['his speech is slurred', 'stroke'],
    ['slurred speech and confusion', 'stroke'],
    ['sudden arm weakness', 'stroke'],
    ['my left arm is weak and numb', 'stroke'],
    ['weakness in one side of my body', 'stroke'],
    ['worst headache of my life', 'stroke'],
    // bleeding
    ['severe bleeding from a cut', 'bleeding'],
    ["it won't stop bleeding", 'bleeding'],
    ['the bleeding will not stop', 'bleeding'],
    ['my nosebleed won’t stop', 'bleeding'],
    ['bleeding heavily', 'bleeding'],
    ['coughing up blood', 'bleeding'],
    // overdose and poisoning
    ['I think I took an overdose', 'overdose'],
    ['my friend overdosed', 'overdose'],
    ['I took too many pills', 'overdose'],
    ['my child drank something poisonous', 'overdose'],
    ['I took 20 of my Metformin pills', 'overdose'],
    ['she swallowed a handful of tablets', 'overdose'],
    ['my son ate 12 of my pills', 'overdose'],
    ['took twenty sleeping pills', 'overdose'],
    // unconscious, seizure
    ['my mom is unconscious', 'unconscious'],
    ['he passed out and is unresponsive', 'unconscious'],
    ["she won't wake up", 'unconscious'],
    ['he is having a seizure', 'unconscious'],
    // severe allergic reaction
    ['my throat is closing up after eating peanuts', 'allergic-reaction'],
    ['anaphylaxis', 'allergic-reaction'],
  ])('%j is an emergency (%s): the reply starts with calling 911', (text, signId) => {
    const reply = emergencyReply(text);
    expect(reply).not.toBeNull();
    expect(reply!.startsWith(CALL_911)).toBe(true);
    const sign = EMERGENCY_SIGNS.find((s) => s.id === signId)!;
    expect(sign.patterns.some((pattern) => pattern.test(normaliseQuestion(text)))).toBe(true);
    expect(reply).not.toContain('988');
  });

  it.each([
    'I want to kill myself',
    'I want to KILL MYSELF.',
    "I've been having suicidal thoughts",
    'thinking about suicide',
    'I want to die',
    'i wanna die',
    'sometimes I think everyone would be better off if I was dead... I wish I were dead',
    "I don't want to live anymore",
    'I want to end it all',
    'thinking of ending my life',
    'I have been self-harming',
    'self harm',
    'I keep cutting myself',
    'I want to hurt myself',
    'no thoughts of suicide', // a negation still answers with the lifeline
    'I took too many pills because I want to die', // suicide wins over the overdose sign: the reply has 988 too
  ])('%j is a crisis: the reply starts with 911 and gives the 988 lifeline', (text) => {
    const reply = emergencyReply(text);
    expect(reply).not.toBeNull();
    expect(reply!.startsWith(CALL_911)).toBe(true);
    expect(reply).toContain('call or text 988');
    expect(reply).toContain('988 Suicide & Crisis Lifeline');
  });

  it('names Poison Control for an overdose or poisoning', () => {
    expect(emergencyReply('I think I overdosed')).toContain('Poison Control (US) is at 1-800-222-1222');
  });

  // Decided: words that name a test, a body part or a harmless use of a word are not emergencies. A message that
  // also names a symptom ("chest x-ray for my chest pain") is one.
  it.each([
    'I have a chest x-ray appointment',
    'When is my chest X-ray?',
    'what does my plan cover for a chest x ray',
    'breathing exercises for stress',
    'I have a rash from poison ivy',
    'my gums bleed a little when I brush',
    'When is my next appointment?',
    'How much of my deductible is left?',
    'Is my blood pressure check overdue?',
    'what medications am I on?',
    // Amounts, times and small counts of pills are not an overdose.
    'I took 10 mg of lisinopril',
    'I took my 20 mg tablets this morning',
    'I took them 12 hours apart, 2 tablets each',
    'I took them at 10 with my other tablets',
    'I took 2 of my Metformin pills',
    'I took my Metformin at 20:00',
    'took it at 10 pm',
    'I have taken 14 of my doses this week',
    'did I take my Metformin today?',
    'I am allergic to penicillin',
    'I had my flu shot',
  ])('%j is not an emergency', (text) => {
    expect(emergencyReply(text)).toBeNull();
  });
});
