import { describe, expect, it } from 'vitest';
import { GUIDELINES } from './guidelines';
import { CODE_SYSTEMS } from './codes';
import {
  ageOn,
  hasCondition,
  recommendationStatus,
  recommendationsFor,
  recommendedCare,
  type AppointmentFacts,
  type CareItemFacts,
  type RecommendationState,
} from './recommendations';

const TODAY = '2026-11-24';

const rule = (id: string) => GUIDELINES.find((r) => r.id === id)!;
const ids = (rules: readonly { id: string }[]) => rules.map((r) => r.id).sort();

let nextId = 1;
function item(careName: string, status: string, dueDate: string, lastCompleted: string | null = null): CareItemFacts {
  return { id: nextId++, careName, status, dueDate, lastCompleted };
}
function visit(appointmentType: string, status: string, appointmentDate: string, careItemId: number | null = null): AppointmentFacts {
  return { appointmentType, status, appointmentDate, careItemId };
}

describe('ageOn', () => {
  it.each([
    ['1976-11-24', '2026-11-24', 50],
    ['1976-11-25', '2026-11-24', 49],
    ['1976-11-23', '2026-11-24', 50],
    ['1976-12-31', '2026-11-24', 49],
    ['2000-02-29', '2026-02-28', 25],
    ['2000-02-29', '2026-03-01', 26],
    ['2000-02-29', '2028-02-29', 28],
    ['2026-11-24', '2026-11-24', 0],
  ])('born %s, on %s → %d', (dateOfBirth, today, age) => {
    expect(ageOn(dateOfBirth, today)).toBe(age);
  });
});

describe('hasCondition: smoking, read from the recorded conditions', () => {
  it.each([
    ['Smoker', true],
    ['Asthma; smokes a pack a day', true],
    ['Former smoker, quit in 2015', true],
    ['COPD. 30 pack-years of cigarettes', true],
    ['Chews TOBACCO', true],
    ['Type 2 diabetes, non-smoker', false],
    ['Nonsmoker', false],
    ['Never smoked', false],
    ['No tobacco use', false],
    ['Not a smoker', false],
    ['Denies smoking', false],
    ['No history of smoking', false],
    ['Denies any tobacco use', false],
    ['Smoke-free home', false],
    ['Without cigarettes since birth', false],
    ['Never smoked cigars; smokes cigarettes', true],
    ['Asthma', false],
    ['', false],
    [null, false],
  ])('%j → %s', (conditions, smoking) => {
    expect(hasCondition(conditions, 'smoking')).toBe(smoking);
  });
});

describe('recommendationsFor', () => {
  it('gives a 50-year-old woman the screenings of her age and sex, a 30-year-old man his', () => {
    expect(ids(recommendationsFor({ dateOfBirth: '1976-06-01', sexAtBirth: 'female', conditions: null }, TODAY))).toEqual([
      'blood-pressure',
      'breast-cancer',
      'cervical-cancer',
      'cholesterol',
      'colorectal-cancer',
      'dental-cleaning',
      'depression',
      'diabetes',
      'eye-exam',
      'hepatitis-c',
      'hiv',
      'influenza',
      'pneumococcal',
      'shingles',
      'skin-cancer',
      'statins',
      'tetanus',
    ]);
    expect(ids(recommendationsFor({ dateOfBirth: '1996-06-01', sexAtBirth: 'male', conditions: null }, TODAY))).toEqual([
      'blood-pressure',
      'cholesterol',
      'dental-cleaning',
      'depression',
      'hepatitis-c',
      'hiv',
      'influenza',
      'skin-cancer',
      'tetanus',
    ]);
  });

  it('without a date of birth gives only the rules without age limits, for either sex', () => {
    const expected = ['blood-pressure', 'dental-cleaning', 'depression', 'influenza', 'skin-cancer', 'tetanus'];
    expect(ids(recommendationsFor({ dateOfBirth: null, sexAtBirth: null, conditions: 'Smoker' }, TODAY))).toEqual(expected);
    expect(ids(recommendationsFor({ dateOfBirth: null, sexAtBirth: 'female', conditions: null }, TODAY))).toEqual(expected);
  });

  it('without sex at birth gives the rules of both sexes', () => {
    const rules = recommendationsFor({ dateOfBirth: '1956-01-01', sexAtBirth: null, conditions: 'ex-smoker' }, TODAY);
    expect(rules.filter((r) => r.sex !== null).map((r) => [r.id, r.sex])).toEqual([
      ['breast-cancer', 'female'],
      ['abdominal-aortic-aneurysm', 'male'],
      ['osteoporosis', 'female'],
    ]);
  });
});

describe('recommendationStatus', () => {
  // `nextId - 1` is the id of the item the same case has just made.
  const cases: Array<[string, string, CareItemFacts[], AppointmentFacts[], RecommendationState]> = [
    ['nothing recorded → Due Now, without a date', 'colorectal-cancer', [], [], { status: 'Due Now', dueDate: null, careItemId: null }],
    ['only other services recorded → Due Now', 'colorectal-cancer', [item('Dental Cleaning', 'completed', '2026-10-01', '2026-10-01')], [visit('Eye Examination', 'completed', '2026-10-01')], { status: 'Due Now', dueDate: null, careItemId: null }],
    ['a completed item within the interval → Completed, due again after it', 'colorectal-cancer', [item('Colonoscopy', 'completed', '2025-06-01', '2025-06-01')], [], { status: 'Completed', dueDate: '2035-06-01', careItemId: null }],
    ['a name in other capitals still matches', 'colorectal-cancer', [item('COLONOSCOPY (GI)', 'completed', '2025-06-01', '2025-06-01')], [], { status: 'Completed', dueDate: '2035-06-01', careItemId: null }],
    ['a completed item without lastCompleted counts as done on its due date', 'colorectal-cancer', [item('Cologuard', 'completed', '2026-03-01')], [], { status: 'Completed', dueDate: '2036-03-01', careItemId: null }],
    ['a completed appointment within the interval → Completed', 'influenza', [], [visit('Flu shot', 'completed', '2026-10-01')], { status: 'Completed', dueDate: '2027-10-01', careItemId: null }],
    ['an appointment completed ahead of its date counts as done today', 'influenza', [], [visit('Flu shot', 'completed', '2026-12-01')], { status: 'Completed', dueDate: '2027-11-24', careItemId: null }],
    ['done, but due again within 3 months → Due Now', 'influenza', [], [visit('Influenza vaccine', 'completed', '2025-12-20')], { status: 'Due Now', dueDate: '2026-12-20', careItemId: null }],
    ['done, and the interval has run out → Overdue', 'influenza', [item('Flu Vaccine', 'completed', '2025-10-01', '2025-10-01')], [], { status: 'Overdue', dueDate: '2026-10-01', careItemId: null }],
    ['a once-only rule done years ago → Completed, never due again', 'hiv', [item('HIV test', 'completed', '2010-01-01', '2010-01-01')], [], { status: 'Completed', dueDate: null, careItemId: null }],
    ['an overdue item → Overdue, with the item', 'colorectal-cancer', [item('Colonoscopy', 'overdue', '2026-11-01')], [], { status: 'Overdue', dueDate: '2026-11-01', careItemId: nextId - 1 }],
    ['an upcoming item whose due day has passed → Overdue', 'tetanus', [item('Tdap booster', 'upcoming', '2026-11-23')], [], { status: 'Overdue', dueDate: '2026-11-23', careItemId: nextId - 1 }],
    ['an item due within 3 months → Due Now, with the item', 'dental-cleaning', [item('Dental Cleaning', 'upcoming', '2027-02-24')], [], { status: 'Due Now', dueDate: '2027-02-24', careItemId: nextId - 1 }],
    ['an item due later → Upcoming', 'dental-cleaning', [item('Dental Cleaning', 'upcoming', '2027-02-25')], [], { status: 'Upcoming', dueDate: '2027-02-25', careItemId: nextId - 1 }],
    ['the earliest of two open items counts', 'eye-exam', [item('Eye exam', 'upcoming', '2027-08-01'), item('Eye Examination', 'upcoming', '2026-12-01')], [], { status: 'Due Now', dueDate: '2026-12-01', careItemId: nextId - 1 }],
    ['a scheduled appointment ahead → Upcoming on its day', 'colorectal-cancer', [], [visit('Colonoscopy', 'scheduled', '2026-12-10')], { status: 'Upcoming', dueDate: '2026-12-10', careItemId: null }],
    ['a scheduled appointment today → Upcoming', 'colorectal-cancer', [], [visit('Colonoscopy', 'scheduled', TODAY)], { status: 'Upcoming', dueDate: TODAY, careItemId: null }],
    ['booked while overdue → Upcoming on the booked day', 'colorectal-cancer', [item('Colonoscopy', 'overdue', '2026-10-01')], [visit('Colonoscopy', 'scheduled', '2026-12-10')], { status: 'Upcoming', dueDate: '2026-12-10', careItemId: nextId - 1 }],
    ['a scheduled item → Upcoming on its booked appointment, found through the link', 'colorectal-cancer', [item('Colonoscopy', 'scheduled', '2026-11-01')], [visit('GI visit', 'scheduled', '2026-12-05', nextId - 1)], { status: 'Upcoming', dueDate: '2026-12-05', careItemId: nextId - 1 }],
    ['a scheduled item without an appointment → Upcoming on its due date', 'colorectal-cancer', [item('Colonoscopy', 'scheduled', '2027-01-10')], [], { status: 'Upcoming', dueDate: '2027-01-10', careItemId: nextId - 1 }],
    ['a scheduled item whose day has passed without an appointment → Overdue', 'colorectal-cancer', [item('Colonoscopy', 'scheduled', '2026-11-01')], [], { status: 'Overdue', dueDate: '2026-11-01', careItemId: nextId - 1 }],
    ['a scheduled appointment in the past, never completed, does not count', 'colorectal-cancer', [], [visit('Colonoscopy', 'scheduled', '2026-11-01')], { status: 'Due Now', dueDate: null, careItemId: null }],
    ['a cancelled appointment does not count', 'colorectal-cancer', [], [visit('Colonoscopy', 'cancelled', '2026-12-01')], { status: 'Due Now', dueDate: null, careItemId: null }],
    ['an open item that fell due before a later completion was answered by it', 'influenza', [item('Flu Vaccine', 'overdue', '2026-10-01')], [visit('Flu vaccine', 'completed', '2026-10-20')], { status: 'Completed', dueDate: '2027-10-20', careItemId: null }],
    ['done, and the next open item is far ahead → Completed, due on the item', 'blood-pressure', [item('Blood Pressure Check', 'upcoming', '2027-09-01', '2026-09-01')], [], { status: 'Completed', dueDate: '2027-09-01', careItemId: nextId - 1 }],
    ['done within the interval, but the patient’s own item is due sooner → Due Now', 'blood-pressure', [item('Blood Pressure Check', 'upcoming', '2026-12-15', '2026-06-01')], [], { status: 'Due Now', dueDate: '2026-12-15', careItemId: nextId - 1 }],
    ['the interval has run out, but the patient’s own item is later → Upcoming', 'colorectal-cancer', [item('Colonoscopy', 'upcoming', '2027-06-01', '2015-01-01')], [], { status: 'Upcoming', dueDate: '2027-06-01', careItemId: nextId - 1 }],
    ['a once-only rule with a new open item soon → Due Now again', 'hiv', [item('HIV test', 'upcoming', '2026-12-15', '2010-01-01')], [], { status: 'Due Now', dueDate: '2026-12-15', careItemId: nextId - 1 }],
    ['done recently and booked again → Completed', 'influenza', [], [visit('Flu shot', 'completed', '2026-10-01'), visit('Flu shot', 'scheduled', '2027-09-15')], { status: 'Completed', dueDate: '2027-10-01', careItemId: null }],
  ];

  it.each(cases)('%s', (_case, ruleId, items, visits, expected) => {
    expect(recommendationStatus(rule(ruleId), items, visits, TODAY)).toEqual(expected);
  });
});

describe('recommendedCare', () => {
  it('lists Overdue, Due Now, Upcoming, then Completed rows, by service within each, with every field', () => {
    const flu = item('Flu Vaccine', 'overdue', '2026-10-01');
    const dental = item('Dental Cleaning', 'upcoming', '2027-06-01');
    const result = recommendedCare(
      { dateOfBirth: null, sexAtBirth: null, conditions: null },
      [flu, dental, item('Depression screening (PHQ-9)', 'completed', '2026-06-01', '2026-06-01')],
      [visit('Blood pressure check', 'completed', '2026-01-10')],
      TODAY,
    );
    expect(result).toMatchObject({ age: null, sexAtBirth: null, needsDateOfBirth: true });
    expect(result.rows.map((row) => [row.service, row.status])).toEqual([
      ['Flu vaccine (influenza)', 'Overdue'],
      ['Skin cancer screening', 'Due Now'],
      ['Tetanus booster (Td/Tdap)', 'Due Now'],
      ['Dental cleaning and exam', 'Upcoming'],
      ['Blood pressure screening', 'Completed'],
      ['Depression screening', 'Completed'],
    ]);
    const skin = rule('skin-cancer');
    expect(result.rows[1]).toEqual({
      id: 'skin-cancer',
      service: skin.service,
      recommendation: skin.why,
      who: skin.who,
      interval: skin.interval,
      status: 'Due Now',
      dueDate: null,
      cost: '$20 copay',
      notes: skin.notes,
      learnMoreUrl: skin.learnMoreUrl,
      source: skin.source,
      lastReviewed: skin.lastReviewed,
      careItemId: null,
      sexSpecific: null,
    });
    expect(result.rows[0]).toMatchObject({ id: 'influenza', dueDate: '2026-10-01', careItemId: flu.id });
  });

  it('gives the age and sex at birth it chose by, and marks the rules of one sex', () => {
    const result = recommendedCare({ dateOfBirth: '1976-06-01', sexAtBirth: 'female', conditions: null }, [], [], TODAY);
    expect(result).toMatchObject({ age: 50, sexAtBirth: 'female', needsDateOfBirth: false });
    expect(result.rows.filter((row) => row.sexSpecific !== null).map((row) => [row.id, row.sexSpecific])).toEqual([
      ['breast-cancer', 'female'],
      ['cervical-cancer', 'female'],
    ]);
  });
});

describe('immunizations count by their CVX code, else by their words (issue 34)', () => {
  const given = (vaccine: string, cvx: string | null, date: string) => ({
    vaccine,
    codes: cvx === null ? [] : [{ system: CODE_SYSTEMS.cvx, code: cvx }],
    date,
  });
  const cases: Array<[string, string, ReturnType<typeof given>, RecommendationState]> = [
    ['Td (CVX 113) is the tetanus booster', 'tetanus', given('Td (adult) preservative free', '113', '2019-03-01'), { status: 'Completed', dueDate: '2029-03-01', careItemId: null }],
    ['Tdap (CVX 115) is the tetanus booster', 'tetanus', given('Boostrix', '115', '2021-05-10'), { status: 'Completed', dueDate: '2031-05-10', careItemId: null }],
    ['Td given in 2015 is seen, and due again after ten years', 'tetanus', given('Td', '09', '2015-02-01'), { status: 'Overdue', dueDate: '2025-02-01', careItemId: null }],
    ['every influenza code is the flu vaccine, whatever its words', 'influenza', given('Seasonal shot, quadrivalent', '150', '2026-10-01'), { status: 'Completed', dueDate: '2027-10-01', careItemId: null }],
    ['a code that says another vaccine does not count for its words', 'influenza', given('COVID-19 vaccine, given with the flu vaccine', '208', '2026-10-01'), { status: 'Due Now', dueDate: null, careItemId: null }],
    ['without a code, the words count', 'tetanus', given('Tetanus booster', null, '2020-01-15'), { status: 'Completed', dueDate: '2030-01-15', careItemId: null }],
  ];
  it.each(cases)('%s', (_case, ruleId, immunization, expected) => {
    expect(recommendationStatus(rule(ruleId), [], [], TODAY, [immunization])).toEqual(expected);
  });
});

describe('a patient who has died (issue 34)', () => {
  it('gets no recommendations, and the age at death (81, not the 111 they would be today)', () => {
    const died = { dateOfBirth: '1915-02-10', sexAtBirth: 'male' as const, conditions: null, deceased: true, deceasedDate: '1996-07-01' };
    expect(recommendedCare(died, [], [], TODAY)).toEqual({ age: 81, deceased: true, sexAtBirth: 'male', needsDateOfBirth: false, rows: [] });
  });

  it('without the day of death, is still shown no recommendations', () => {
    const result = recommendedCare({ dateOfBirth: null, sexAtBirth: null, conditions: null, deceased: true, deceasedDate: null }, [], [], TODAY);
    expect(result).toMatchObject({ age: null, deceased: true, needsDateOfBirth: false, rows: [] });
  });
});
