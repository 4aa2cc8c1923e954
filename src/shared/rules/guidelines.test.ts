import { describe, expect, it } from 'vitest';
import { GUIDELINES } from './guidelines';
import type { SexAtBirth } from './patient';
import { matchesGuideline, recommendationsFor, type PatientFacts } from './recommendations';

const TODAY = '2026-11-24';

/** A patient whose birthday is today: exactly `age` years old. */
function patient(age: number | null, sexAtBirth: SexAtBirth | null = null, conditions: string | null = null): PatientFacts {
  return { dateOfBirth: age === null ? null : `${2026 - age}-11-24`, sexAtBirth, conditions };
}

type Case = [who: string, patient: PatientFacts, applies: boolean];

const SMOKER = 'Asthma; smoker, about 25 pack-years';

/** Whom each rule applies to, at the edges of its ages, by sex at birth, and by the condition it needs. */
const CASES: Record<string, Case[]> = {
  'blood-pressure': [
    ['17 (not an adult)', patient(17), false],
    ['18', patient(18), true],
    ['90', patient(90), true],
    ['no date of birth', patient(null), true],
  ],
  cholesterol: [
    ['19', patient(19), false],
    ['20', patient(20), true],
    ['90', patient(90), true],
    ['no date of birth', patient(null), false],
  ],
  'colorectal-cancer': [
    ['30', patient(30), false],
    ['44', patient(44), false],
    ['45', patient(45), true],
    ['50', patient(50), true],
    ['75', patient(75), true],
    ['76', patient(76), false],
    ['no date of birth', patient(null), false],
  ],
  'breast-cancer': [
    ['female 39', patient(39, 'female'), false],
    ['female 40', patient(40, 'female'), true],
    ['female 74', patient(74, 'female'), true],
    ['female 75', patient(75, 'female'), false],
    ['male 50', patient(50, 'male'), false],
    ['sex not stated, 50', patient(50), true],
  ],
  'cervical-cancer': [
    ['female 20', patient(20, 'female'), false],
    ['female 21', patient(21, 'female'), true],
    ['female 65', patient(65, 'female'), true],
    ['female 66', patient(66, 'female'), false],
    ['male 30', patient(30, 'male'), false],
    ['sex not stated, 30', patient(30), true],
  ],
  'lung-cancer': [
    ['smoker 49', patient(49, 'male', SMOKER), false],
    ['smoker 50', patient(50, 'female', SMOKER), true],
    ['smoker 80', patient(80, 'male', SMOKER), true],
    ['smoker 81', patient(81, 'male', SMOKER), false],
    ['former smoker 60', patient(60, null, 'Former smoker, quit 2015'), true],
    ['60, no conditions recorded', patient(60, 'male'), false],
    ['60, non-smoker', patient(60, 'male', 'Non-smoker, type 2 diabetes'), false],
  ],
  diabetes: [
    ['34', patient(34), false],
    ['35', patient(35), true],
    ['70', patient(70), true],
    ['71', patient(71), false],
  ],
  statins: [
    ['39', patient(39), false],
    ['40', patient(40), true],
    ['75', patient(75), true],
    ['76', patient(76), false],
  ],
  'abdominal-aortic-aneurysm': [
    ['male smoker 64', patient(64, 'male', SMOKER), false],
    ['male smoker 65', patient(65, 'male', SMOKER), true],
    ['male smoker 75', patient(75, 'male', SMOKER), true],
    ['male smoker 76', patient(76, 'male', SMOKER), false],
    ['male 70 who never smoked', patient(70, 'male', 'Never smoked'), false],
    ['female smoker 70', patient(70, 'female', SMOKER), false],
    ['smoker 70, sex not stated', patient(70, null, SMOKER), true],
  ],
  osteoporosis: [
    ['female 64', patient(64, 'female'), false],
    ['female 65', patient(65, 'female'), true],
    ['female 90', patient(90, 'female'), true],
    ['male 70', patient(70, 'male'), false],
    ['sex not stated, 70', patient(70), true],
  ],
  'hepatitis-c': [
    ['17', patient(17), false],
    ['18', patient(18), true],
    ['79', patient(79), true],
    ['80', patient(80), false],
  ],
  hiv: [
    ['17 (the USPSTF starts at 15; the app at 18)', patient(17), false],
    ['18', patient(18), true],
    ['65', patient(65), true],
    ['66', patient(66), false],
  ],
  depression: [
    ['18', patient(18), true],
    ['90', patient(90), true],
    ['no date of birth', patient(null), true],
  ],
  'skin-cancer': [
    ['18', patient(18), true],
    ['90', patient(90), true],
    ['no date of birth', patient(null), true],
  ],
  influenza: [
    ['18', patient(18), true],
    ['90', patient(90), true],
    ['no date of birth', patient(null), true],
  ],
  tetanus: [
    ['18', patient(18), true],
    ['90', patient(90), true],
    ['no date of birth', patient(null), true],
  ],
  shingles: [
    ['49', patient(49), false],
    ['50', patient(50), true],
    ['90', patient(90), true],
    ['no date of birth', patient(null), false],
  ],
  pneumococcal: [
    ['49', patient(49), false],
    ['50', patient(50), true],
    ['90', patient(90), true],
  ],
  'dental-cleaning': [
    ['18', patient(18), true],
    ['90', patient(90), true],
    ['no date of birth', patient(null), true],
  ],
  'eye-exam': [
    ['39', patient(39), false],
    ['40', patient(40), true],
    ['90', patient(90), true],
    ['no date of birth', patient(null), false],
  ],
};

describe('each guideline applies to whom it says', () => {
  it('has cases for every guideline and for no other', () => {
    expect(Object.keys(CASES).sort()).toEqual(GUIDELINES.map((rule) => rule.id).sort());
  });

  const table = Object.entries(CASES).flatMap(([id, cases]) => cases.map(([who, facts, applies]) => [id, who, facts, applies] as const));
  it.each(table)('%s: %s → %s', (id, _who, facts, applies) => {
    expect(recommendationsFor(facts, TODAY).some((rule) => rule.id === id)).toBe(applies);
  });
});

describe('GUIDELINES', () => {
  it('has unique, kebab-case ids', () => {
    const ids = GUIDELINES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it.each(GUIDELINES.map((rule) => [rule.id, rule] as const))('%s is complete and consistent', (_id, rule) => {
    for (const text of [rule.service, rule.why, rule.who, rule.interval, rule.cost, rule.notes, rule.source]) expect(text.trim()).not.toBe('');
    expect(rule.lastReviewed).toMatch(/^2026-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);
    if (rule.learnMoreUrl !== null) expect(new URL(rule.learnMoreUrl).protocol).toBe('https:');
    if (rule.intervalMonths !== null) expect(Number.isInteger(rule.intervalMonths) && rule.intervalMonths > 0).toBe(true);
    if (rule.minAge !== null && rule.maxAge !== null) expect(rule.minAge).toBeLessThan(rule.maxAge);
    for (const word of rule.matches) expect(word).toBe(word.toLowerCase());
    // A visit booked from the row, named after its service, counts for the row.
    expect(matchesGuideline(rule, rule.service)).toBe(true);
  });

  it('never takes another service’s name for its own', () => {
    for (const rule of GUIDELINES) {
      for (const other of GUIDELINES.filter((o) => o !== rule)) {
        expect(matchesGuideline(rule, other.service), `${rule.id} matches "${other.service}"`).toBe(false);
      }
    }
  });

  it('carries the sample care texts of part 1 §9 (docs/product.md#part-1-9)', () => {
    const byId = Object.fromEntries(GUIDELINES.map((rule) => [rule.id, rule]));
    expect(byId['colorectal-cancer']).toMatchObject({ minAge: 45, intervalMonths: 120, interval: 'Colonoscopy every 10 years from 45' });
    expect(byId['blood-pressure']).toMatchObject({ intervalMonths: 24, interval: expect.stringMatching(/^At least every 2 years/) });
    expect(byId.cholesterol).toMatchObject({ intervalMonths: 60, interval: expect.stringMatching(/^Every 5 years/) });
    expect(byId['skin-cancer']).toMatchObject({ cost: '$20 copay' });
    expect(byId.tetanus).toMatchObject({ intervalMonths: 120, interval: 'Every 10 years' });
  });

  it('says on the smoking rules why they are shown, since the profile has no smoking field', () => {
    for (const rule of GUIDELINES.filter((r) => r.condition === 'smoking')) expect(rule.notes).toMatch(/mention smoking/);
    expect(GUIDELINES.filter((r) => r.condition === 'smoking').map((r) => r.id)).toEqual(['lung-cancer', 'abdominal-aortic-aneurysm']);
  });
});
