import { describe, expect, it } from 'vitest';
import { NOT_MEDICAL_ADVICE } from '../intent';
import type { DoseFact, MedicationFact, PatientFacts } from '../patient-facts';
import { matchIntent, replyFromRules } from '../rules';
import { EMPTY, FACTS } from '../../../../testing/assistant-fixtures';

// FACTS at noon on Sunday, November 22, 2026: Albuterol as needed (used at 07:15), Atorvastatin at 22:00, Lisinopril at
// 08:00 (not logged), Metformin at 08:00 (taken at 08:05) and 20:00, Vitamin D3 on Mondays and Thursdays at 09:00;
// Amoxicillin stopped.

const answer = (question: string, facts: PatientFacts = FACTS) => replyFromRules(question, facts);

/** FACTS with today's doses of Metformin replaced. */
function withMetforminDoses(...doses: Array<Partial<DoseFact> & Pick<DoseFact, 'time'>>): PatientFacts {
  const metformin: DoseFact = { medicationId: 2, name: 'Metformin', strength: '500 mg', dose: '1 tablet', time: '08:00', logged: null, takenAt: null, reason: null };
  return {
    ...FACTS,
    todaysDoses: [...FACTS.todaysDoses.filter((dose) => dose.medicationId !== 2), ...doses.map((dose) => ({ ...metformin, ...dose }))],
  };
}

function withMedication(medication: Partial<MedicationFact>): PatientFacts {
  const [first] = FACTS.medicationList.current;
  return { ...FACTS, medicationList: { current: [{ ...first!, id: 99, ...medication }], past: [] }, todaysDoses: [] };
}

describe('medications: answers read the Medications list and today’s log', () => {
  it.each<[string, string[]]>([
    // The whole list, the past briefly, and the profile's own words.
    [
      'What medications am I on?',
      [
        'From your Medications list, you take: Albuterol 90 mcg per puff, 2 puffs as needed; Atorvastatin 20 mg, 1 tablet every day at 22:00; Lisinopril 10 mg, 1 tablet every day at 08:00; ' +
          'Metformin 500 mg, 1 tablet every day at 08:00 and 20:00; Vitamin D3 1000 IU, 1 capsule on Mondays and Thursdays at 09:00.',
        'Past: Amoxicillin 500 mg (stopped on October 8, 2026).',
        'Also noted in My Profile: Lisinopril 10 mg daily; Vitamin D.',
        'check with your doctor or pharmacist',
      ],
    ],
    // A part of the day, on any day: the schedule.
    ['what do I take in the evening?', ['In the evening (17:00–20:59), you take: at 20:00, Metformin 500 mg (1 tablet; Take with food).', 'As needed, not at set times: Albuterol']],
    [
      'What do I take in the morning?',
      ['In the morning (05:00–11:59), you take: at 08:00, Lisinopril 10 mg (1 tablet) and Metformin 500 mg (1 tablet; Take with food); at 09:00, Vitamin D3 1000 IU (1 capsule; on Mondays and Thursdays).'],
    ],
    ['what do I take at bedtime', ['At night (21:00–04:59), you take: at 22:00, Atorvastatin 20 mg (1 tablet).']],
    ['what do I take at noon?', ['Nothing on your Medications list is scheduled around noon (11:00–13:59).', 'Your set times: at 08:00, Lisinopril 10 mg']],
    // A day: a weekday by the schedule, tomorrow by its dates too, today from the log.
    ['What do I take on Mondays?', ['On Mondays, you take: at 08:00, Lisinopril 10 mg (1 tablet) and Metformin 500 mg (1 tablet; Take with food); at 09:00, Vitamin D3 1000 IU (1 capsule); at 20:00']],
    ['what do I take on tuesday morning', ['On Tuesdays in the morning (05:00–11:59), you take: at 08:00, Lisinopril 10 mg (1 tablet) and Metformin 500 mg (1 tablet; Take with food).']],
    ['what do I take tomorrow morning?', ['Tomorrow (Monday, November 23) in the morning (05:00–11:59), you take: at 08:00, Lisinopril 10 mg', 'at 09:00, Vitamin D3 1000 IU (1 capsule)']],
    [
      'What do I take today?',
      [
        'Your doses today, from your log (it is 12:00 now): Albuterol 90 mcg per puff (as needed): taken at 07:15; Lisinopril 10 mg at 08:00: not logged; Metformin 500 mg at 08:00: taken at 08:05; ' +
          'Metformin 500 mg at 20:00: still due; Atorvastatin 20 mg at 22:00: still due.',
        "mark it Taken in Today's doses on the dashboard",
      ],
    ],
    ['what do I take tonight', ['Your doses tonight (17:00–04:59), from your log (it is 12:00 now): Metformin 500 mg at 20:00: still due; Atorvastatin 20 mg at 22:00: still due.']],
    ['what do I take this evening', ['Your doses today in the evening (17:00–20:59), from your log (it is 12:00 now): Metformin 500 mg at 20:00: still due.']],
    // Did I take it: from the log, by name (any case, by word).
    ['did I take my Metformin today?', ['You took Metformin 500 mg at 08:05. Not yet: your 20:00 dose is still due.']],
    ['did I take my LISINOPRIL this morning?', ["Not yet: your 08:00 dose of Lisinopril 10 mg isn't logged as taken.", "mark it Taken in Today's doses"]],
    ['have I taken my atorvastatin yet', ['Not yet: your 22:00 dose of Atorvastatin 20 mg is still due.']],
    ['did I use my albuterol today', ['Yes — you took Albuterol 90 mcg per puff at 07:15 (as needed).']],
    ['Did I take my Vitamin D today?', ['No dose of Vitamin D3 1000 IU is due today: you take it on Mondays and Thursdays at 09:00.']],
    ['did I take my amoxicillin?', ['You stopped Amoxicillin 500 mg on October 8, 2026 (Course finished).']],
    ['did I take my meds today?', ['Your doses today, from your log', 'Lisinopril 10 mg at 08:00: not logged; Metformin 500 mg at 08:00: taken at 08:05']],
    ['have I taken my evening dose?', ['Your doses today in the evening (17:00–20:59), from your log (it is 12:00 now): Metformin 500 mg at 20:00: still due.']],
    // When do I take it.
    ['When do I take Metformin?', ['You take Metformin 500 mg (1 tablet) every day at 08:00 and 20:00. Instructions: Take with food. Today: 08:00 taken at 08:05; 20:00 still due.']],
    ['how should I take my metformin', ['You take Metformin 500 mg (1 tablet) every day at 08:00 and 20:00. Instructions: Take with food.']],
    ['when do I take my pills?', ['You take: at 08:00, Lisinopril 10 mg (1 tablet) and Metformin 500 mg', 'Vitamin D3 1000 IU (1 capsule; on Mondays and Thursdays)', 'at 22:00, Atorvastatin 20 mg (1 tablet)']],
    // What is it for.
    ['What is Metformin for?', ['Metformin 500 mg is for Type 2 diabetes, according to your Medications list.']],
    ["what's my vitamin d for", ['No reason is recorded for Vitamin D3 1000 IU', 'Medications page']],
    ['what are my pills for?', ['Your list: Albuterol 90 mcg per puff for Exercise-induced asthma; Atorvastatin 20 mg for High cholesterol; Lisinopril 10 mg for High blood pressure; Metformin 500 mg for Type 2 diabetes.']],
    ['what do I take for my blood pressure?', ['From your Medications list: Lisinopril 10 mg, 1 tablet every day at 08:00, for High blood pressure.']],
    ['what do I take for a headache?', ['Nothing on your Medications list is recorded as being for that.', "I can't suggest a medicine: please ask your doctor or pharmacist."]],
    // Refills and what is left, with no estimate of days.
    ['how many refills do I have left?', ['Atorvastatin 20 mg: 5 refills left and 18 tablets on hand', 'Albuterol 90 mcg per puff: 1 refill left and 140 on hand', 'Vitamin D3 1000 IU: no refills or quantity recorded']],
    ['How much Metformin is left?', ['From your Medications list: Metformin 500 mg: 2 refills left and 41 tablets on hand. Your pharmacy: Springfield Pharmacy.']],
    // Never advice: a question that asks for it is sent to a doctor or pharmacist, with the record beside it.
    ['Can I take ibuprofen with my Lisinopril?', ["I can't advise on whether to take, skip, double, combine or change", 'From your Medications list: Lisinopril 10 mg, 1 tablet every day at 08:00.']],
    ['I forgot my Metformin this morning, should I take two tonight?', ["I can't advise", 'From your Medications list: Metformin 500 mg']],
    ['I took my Metformin twice today, is that ok?', ["I can't advise", 'Poison Control (US) at 1-800-222-1222']],
    ['what are the side effects of atorvastatin', ["I can't advise", 'your doctor or pharmacist']],
    ['How do I log a dose?', ["To log a dose, choose Taken in Today's doses on the dashboard, or on the Medications page."]],
  ])('%j', (question, expected) => {
    const reply = answer(question);
    for (const fact of expected) expect(reply).toContain(fact);
    expect(reply.endsWith(`\n\n${NOT_MEDICAL_ADVICE}`)).toBe(true);
  });

  it.each<[string, PatientFacts, string]>([
    ['every dose taken', withMetforminDoses({ time: '08:00', logged: 'taken', takenAt: '08:05' }, { time: '20:00', logged: 'taken', takenAt: '20:10' }), 'Yes — you took Metformin 500 mg at 08:05 and 20:10.'],
    ['the one dose taken', withMetforminDoses({ time: '08:00', logged: 'taken', takenAt: '08:05' }), 'Yes — you took Metformin 500 mg at 08:05.'],
    ['taken the evening before', withMetforminDoses({ time: '08:00', logged: 'taken', takenAt: '23:50 on November 21' }), 'Yes — you took Metformin 500 mg at 23:50 on November 21.'],
    [
      'one skipped',
      withMetforminDoses({ time: '08:00', logged: 'taken', takenAt: '08:05' }, { time: '20:00', logged: 'skipped', reason: 'Skipped dinner' }),
      'You took Metformin 500 mg at 08:05. Your 20:00 dose is logged as skipped (Skipped dinner).',
    ],
    ['one missed, one still due', withMetforminDoses({ time: '08:00', logged: 'missed' }, { time: '20:00' }), 'Your 08:00 dose of Metformin 500 mg is logged as missed and your 20:00 dose is still due.'],
    ['none logged, one past', withMetforminDoses({ time: '08:00' }, { time: '20:00' }), "Not yet: your 08:00 dose of Metformin 500 mg isn't logged as taken and your 20:00 dose is still due."],
  ])('did I take my Metformin today? — %s', (_, facts, expected) => {
    expect(answer('did I take my Metformin today?', facts)).toContain(expected);
  });

  it('reads a dose due this very minute as still due', () => {
    expect(answer('did I take my Metformin today?', { ...withMetforminDoses({ time: '08:00' }), clock: '08:00' })).toContain('Not yet: your 08:00 dose of Metformin 500 mg is still due.');
  });

  it.each<[string, Partial<MedicationFact>, string]>([
    ['paused', { name: 'Lisinopril', status: 'paused', pausedOn: '2026-11-01' }, 'Lisinopril 10 mg is paused (since November 1, 2026), so no doses are due until you resume it on the Medications page.'],
    ['not started', { name: 'Lisinopril', startDate: '2026-12-01' }, 'Lisinopril 10 mg starts on December 1, 2026.'],
    ['ended', { name: 'Lisinopril', endDate: '2026-11-20' }, 'Lisinopril 10 mg ended on November 20, 2026.'],
  ])('says why a medication %s has nothing due today', (_, medication, expected) => {
    expect(answer('did I take my lisinopril today?', withMedication({ strength: '10 mg', schedule: { kind: 'daily', times: ['08:00'] }, ...medication }))).toContain(expected);
  });

  // The parts of the day, at their edges: morning 05:00–11:59, noon 11:00–13:59, afternoon 12:00–16:59, evening
  // 17:00–20:59, night 21:00–04:59 (past midnight, in the night's order), tonight 17:00–04:59.
  const roundTheClock = withMedication({
    name: 'Clockwork',
    strength: null,
    dose: null,
    instructions: null,
    schedule: { kind: 'daily', times: ['00:30', '04:59', '05:00', '10:59', '11:00', '11:59', '12:00', '13:59', '14:00', '16:59', '17:00', '20:59', '21:00', '23:59'] },
  });
  it.each<[string, string]>([
    ['in the morning', 'at 05:00, Clockwork; at 10:59, Clockwork; at 11:00, Clockwork; at 11:59, Clockwork.'],
    ['at lunch', 'at 11:00, Clockwork; at 11:59, Clockwork; at 12:00, Clockwork; at 13:59, Clockwork.'],
    ['in the afternoon', 'at 12:00, Clockwork; at 13:59, Clockwork; at 14:00, Clockwork; at 16:59, Clockwork.'],
    ['in the evening', 'at 17:00, Clockwork; at 20:59, Clockwork.'],
    ['at night', 'at 21:00, Clockwork; at 23:59, Clockwork; at 00:30, Clockwork; at 04:59, Clockwork.'],
  ])('what do I take %s? → the times in its range', (part, times) => {
    expect(answer(`what do I take ${part}?`, roundTheClock)).toContain(`you take: ${times}`);
  });

  it('says where to add medications when there are none, and quotes My Profile’s text when that is all there is', () => {
    for (const question of ['What medications am I on?', 'what do I take in the evening?', 'did I take my pills today?']) {
      expect(answer(question, EMPTY)).toContain('You have no medications recorded. You can add them on the Medications page');
    }
    expect(answer('What medications am I on?', { ...EMPTY, medications: 'Aspirin 81 mg\nFish oil' })).toContain(
      'Your Medications list is empty. In My Profile you noted: Aspirin 81 mg; Fish oil. To see your doses and log them, add each medication on the Medications page',
    );
  });

  it('names a medication by its own words, not by words that mean the same kind of service', () => {
    const cough = withMedication({ name: 'Cough medicine', strength: null });
    expect(matchIntent('What medications am I on?', cough)?.id).toBe('medications');
    expect(answer('What medications am I on?', cough)).toContain('From your Medications list, you take: Cough medicine, 2 puffs as needed.');
    expect(matchIntent('did I take my cough medicine today?', cough)?.id).toBe('medication-named');
    expect(matchIntent('When is my eye exam?', withMedication({ name: 'Vision Plus' }))?.id).toBe('next-appointment');
  });

  it('names a medication only among the patient’s own, and a past one only when no current one is named', () => {
    expect(matchIntent('did I take my Warfarin today?', FACTS)?.id).toBe('medications');
    expect(answer('did I take my Warfarin today?')).toContain('Your doses today, from your log');
    const twoNamed = { ...FACTS, medicationList: { ...FACTS.medicationList, past: [{ ...FACTS.medicationList.past[0]!, name: 'Metformin', strength: '1000 mg' }] } };
    expect(answer('What is Metformin for?', twoNamed)).not.toContain('1000 mg');
  });
});
