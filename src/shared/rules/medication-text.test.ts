import { describe, expect, it } from 'vitest';
import { medicationDraftsFromText, type MedicationDraft } from './medication-text';
import type { MedicationSchedule } from './medications';

const AS_NEEDED: MedicationSchedule = { kind: 'as-needed' };
const MORNING: MedicationSchedule = { kind: 'daily', times: ['08:00'] };
const TWICE: MedicationSchedule = { kind: 'daily', times: ['08:00', '20:00'] };
const THRICE: MedicationSchedule = { kind: 'daily', times: ['08:00', '14:00', '20:00'] };
const BEDTIME: MedicationSchedule = { kind: 'daily', times: ['22:00'] };

/** A draft with only what the row says; the rest empty, and no schedule stated. */
function draft(name: string, more: Partial<MedicationDraft> = {}): MedicationDraft {
  return { name, strength: null, form: null, schedule: AS_NEEDED, instructions: null, scheduleGuessed: false, ...more };
}

describe('medicationDraftsFromText', () => {
  it('reads the profile field of the issue, one draft per item', () => {
    const text = 'Lisinopril 10 mg once daily\nMetformin 500mg twice a day with food; Vitamin D 1,000 IU, Albuterol inhaler as needed';
    expect(medicationDraftsFromText(text)).toEqual([
      draft('Lisinopril', { strength: '10 mg', schedule: MORNING, scheduleGuessed: true }),
      draft('Metformin', { strength: '500 mg', schedule: TWICE, instructions: 'with food', scheduleGuessed: true }),
      draft('Vitamin D', { strength: '1,000 IU' }),
      draft('Albuterol', { form: 'inhaler', schedule: AS_NEEDED, scheduleGuessed: true }),
    ]);
  });

  it.each([
    // Splitting: new lines (any kind), ';', a comma not followed by a digit; empty items and bullets dropped.
    ['Aspirin\r\nFish oil', [draft('Aspirin'), draft('Fish oil')]],
    ['Aspirin;Fish oil,Zinc', [draft('Aspirin'), draft('Fish oil'), draft('Zinc')]],
    ['Calcium 1,200 mg', [draft('Calcium', { strength: '1,200 mg' })]],
    ['\n ; , \n\n', []],
    ['', []],
    ['- Aspirin\n• Fish oil\n1. Zinc\n2) Iron', [draft('Aspirin'), draft('Fish oil'), draft('Zinc'), draft('Iron')]],
    // Strength: each unit, written the one way.
    ['Levothyroxine 50 mcg', [draft('Levothyroxine', { strength: '50 mcg' })]],
    ['Cyanocobalamin 500µg', [draft('Cyanocobalamin', { strength: '500 µg' })]],
    ['Potassium 1 g', [draft('Potassium', { strength: '1 g' })]],
    ['Amoxicillin suspension 5 ml', [draft('Amoxicillin suspension', { strength: '5 mL' })]],
    ['Lactulose 15 mL', [draft('Lactulose', { strength: '15 mL' })]],
    ['Vitamin D3 2000iu', [draft('Vitamin D3', { strength: '2000 IU' })]],
    ['Insulin glargine 10 units at night', [draft('Insulin glargine', { strength: '10 units', schedule: BEDTIME, scheduleGuessed: true })]],
    ['Hydrocortisone cream 1% twice daily', [draft('Hydrocortisone', { strength: '1%', form: 'cream', schedule: TWICE, scheduleGuessed: true })]],
    ['Warfarin 2.5mg', [draft('Warfarin', { strength: '2.5 mg' })]],
    // Not a strength: the digits of a name, a unit that runs on into a word.
    ['Vitamin B12', [draft('Vitamin B12')]],
    ['Creatine 5 grams', [draft('Creatine 5 grams')]],
    // Form: each word, and a count before it kept as the dose.
    ['Prednisone 5mg tab', [draft('Prednisone', { strength: '5 mg', form: 'tablet' })]],
    ['Omeprazole 20 mg capsule', [draft('Omeprazole', { strength: '20 mg', form: 'capsule' })]],
    ['Artificial tears drops', [draft('Artificial tears', { form: 'drops' })]],
    ['Nicotine patch 21 mg', [draft('Nicotine', { strength: '21 mg', form: 'patch' })]],
    ['Enoxaparin injection 40 mg', [draft('Enoxaparin', { strength: '40 mg', form: 'injection' })]],
    ['Cough syrup', [draft('Cough', { form: 'liquid' })]],
    ['Tylenol 2 tablets as needed for pain', [draft('Tylenol', { form: 'tablet', instructions: '2 tablets for pain', scheduleGuessed: true })]],
    // Schedule: each common way of saying it.
    ['Atorvastatin 20 mg daily', [draft('Atorvastatin', { strength: '20 mg', schedule: MORNING, scheduleGuessed: true })]],
    ['Vitamin C every morning', [draft('Vitamin C', { schedule: MORNING, scheduleGuessed: true })]],
    ['Metoprolol BID', [draft('Metoprolol', { schedule: TWICE, scheduleGuessed: true })]],
    ['Metoprolol twice daily', [draft('Metoprolol', { schedule: TWICE, scheduleGuessed: true })]],
    ['Cephalexin 500 mg three times a day', [draft('Cephalexin', { strength: '500 mg', schedule: THRICE, scheduleGuessed: true })]],
    ['Cephalexin 500 mg TID x 7 days', [draft('Cephalexin', { strength: '500 mg', schedule: THRICE, instructions: 'x 7 days', scheduleGuessed: true })]],
    ['Melatonin 3 mg at bedtime', [draft('Melatonin', { strength: '3 mg', schedule: BEDTIME, scheduleGuessed: true })]],
    ['Simvastatin 40 mg once daily at bedtime', [draft('Simvastatin', { strength: '40 mg', schedule: BEDTIME, scheduleGuessed: true })]],
    ['Ondansetron 4 mg PRN nausea', [draft('Ondansetron', { strength: '4 mg', instructions: 'nausea', scheduleGuessed: true })]],
    // As needed wins over times said with it: nothing becomes due that the patient takes only when they need it.
    ['Salbutamol inhaler twice daily as needed', [draft('Salbutamol', { form: 'inhaler', scheduleGuessed: true })]],
    // Nothing stated: as needed, and not guessed.
    ['Fish oil with meals', [draft('Fish oil with meals')]],
    // The name is what comes first; an item that starts with its strength takes its other words.
    ['500 mg Tylenol', [draft('Tylenol', { strength: '500 mg' })]],
    // After a comma, an item with no name of its own goes on with the one before …
    ['Amoxicillin 875 mg, 2x daily', [draft('Amoxicillin', { strength: '875 mg', schedule: TWICE, scheduleGuessed: true })]],
    ['Amoxicillin, 875 mg three times a day with food', [draft('Amoxicillin', { strength: '875 mg', schedule: THRICE, instructions: 'with food', scheduleGuessed: true })]],
    ['Latanoprost 0.005% eye drops, one drop each eye nightly', [draft('Latanoprost', { strength: '0.005%', form: 'drops', schedule: BEDTIME, instructions: 'eye, one drop each eye', scheduleGuessed: true })]],
    ['Metformin 500 mg twice daily, three times a day', [draft('Metformin', { strength: '500 mg', schedule: TWICE, scheduleGuessed: true })]],
    ['Ibuprofen 200 mg twice daily, as needed', [draft('Ibuprofen', { strength: '200 mg', scheduleGuessed: true })]],
    // … but not a second strength, nor after a new line or a ';'.
    ['Vitamin D 1,000 IU, 500 mg Tylenol', [draft('Vitamin D', { strength: '1,000 IU' }), draft('Tylenol', { strength: '500 mg' })]],
    ['Aspirin\ndaily', [draft('Aspirin'), draft('daily', { schedule: MORNING, scheduleGuessed: true })]],
    ['Aspirin; 81 mg', [draft('Aspirin'), draft('81 mg', { strength: '81 mg' })]],
  ])('%j', (text, expected) => {
    expect(medicationDraftsFromText(text)).toEqual(expected);
  });

  it('keeps a name to 200 characters', () => {
    const [only] = medicationDraftsFromText(`${'Very long name '.repeat(30)}10 mg daily`);
    expect(only!.name.length).toBeLessThanOrEqual(200);
    expect(only!.name.startsWith('Very long name')).toBe(true);
    expect(only).toMatchObject({ strength: '10 mg', schedule: MORNING, scheduleGuessed: true });
  });
});
