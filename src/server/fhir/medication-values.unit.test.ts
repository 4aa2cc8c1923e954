import { describe, expect, it } from 'vitest';
import type { MedicationSchedule } from '../../shared/rules/medications';
import { doseOfQuantity, doseQuantity, FIRST_DOSE_TIME, type DosageTiming, scheduleOfDosage, scheduleWords, timingOf } from './medication-values';

// Medications (issue 32) in FHIR's words: a schedule as a Dosage's timing and back, and a dose as a quantity.

const daily = (...times: string[]): MedicationSchedule => ({ kind: 'daily', times });
const repeat = (value: NonNullable<DosageTiming['timing']>['repeat']): DosageTiming => ({ timing: { repeat: value } });

describe('a timing read as a schedule', () => {
  it.each<[string, DosageTiming | undefined, MedicationSchedule]>([
    ['no dosage', undefined, { kind: 'as-needed' }],
    ['no timing', { asNeededBoolean: false }, { kind: 'as-needed' }],
    ['as needed, with a timing too', { asNeededBoolean: true, ...repeat({ frequency: 2, period: 1, periodUnit: 'd' }) }, { kind: 'as-needed' }],
    ['as needed for a reason', { asNeededCodeableConcept: { text: 'wheezing' } }, { kind: 'as-needed' }],
    ['once a day', repeat({ frequency: 1, period: 1, periodUnit: 'd' }), daily('08:00')],
    ['a period without a frequency is once', repeat({ period: 1, periodUnit: 'd' }), daily('08:00')],
    ['twice a day', repeat({ frequency: 2, period: 1, periodUnit: 'd' }), daily('08:00', '20:00')],
    ['three times a day', repeat({ frequency: 3, period: 1, periodUnit: 'd' }), daily('08:00', '14:00', '20:00')],
    ['four times a day', repeat({ frequency: 4, period: 1, periodUnit: 'd' }), daily('08:00', '12:00', '16:00', '20:00')],
    ['twice in 24 hours', repeat({ frequency: 2, period: 24, periodUnit: 'h' }), daily('08:00', '20:00')],
    ['five times a day: not stated closely enough', repeat({ frequency: 5, period: 1, periodUnit: 'd' }), { kind: 'as-needed' }],
    ['every other day', repeat({ frequency: 1, period: 2, periodUnit: 'd' }), { kind: 'as-needed' }],
    ['times of day, unsorted and repeated', repeat({ timeOfDay: ['21:00:00', '09:00:00', '09:00'] }), daily('09:00', '21:00')],
    ['times of day win over a frequency', repeat({ frequency: 1, period: 1, periodUnit: 'd', timeOfDay: ['22:00:00'] }), daily('22:00')],
    ['a time that is not one', repeat({ timeOfDay: ['25:00:00'] }), { kind: 'as-needed' }],
    ['times-of-day codes', repeat({ when: ['MORN', 'HS'] }), daily('08:00', '22:00')],
    ['a code of a meal', repeat({ when: ['ACM'] }), { kind: 'as-needed' }],
    ['weekdays with times', repeat({ dayOfWeek: ['fri', 'mon'], timeOfDay: ['09:30:00'] }), { kind: 'weekdays', weekdays: ['mon', 'fri'], times: ['09:30'] }],
    ['weekdays alone', repeat({ dayOfWeek: ['sun'] }), { kind: 'weekdays', weekdays: ['sun'], times: ['08:00'] }],
    ['weekdays twice a day', repeat({ dayOfWeek: ['tue'], frequency: 2, period: 1, periodUnit: 'd' }), { kind: 'weekdays', weekdays: ['tue'], times: ['08:00', '20:00'] }],
    ['twice a week on two days', repeat({ dayOfWeek: ['mon', 'thu'], frequency: 2, period: 1, periodUnit: 'wk' }), { kind: 'weekdays', weekdays: ['mon', 'thu'], times: ['08:00'] }],
    ['once a week, no day given', repeat({ frequency: 1, period: 1, periodUnit: 'wk' }), { kind: 'as-needed' }],
    ['every day of the week is daily', repeat({ dayOfWeek: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], timeOfDay: ['08:00:00'] }), daily('08:00')],
    ['a weekday that is not one', repeat({ dayOfWeek: ['monday'] }), { kind: 'as-needed' }],
    ['every 6 hours', repeat({ frequency: 1, period: 6, periodUnit: 'h' }), { kind: 'every-hours', everyHours: 6, firstTime: '08:00' }],
    ['every 8 hours from our first time', repeat({ frequency: 1, period: 8, periodUnit: 'h', extension: [{ url: FIRST_DOSE_TIME, valueTime: '06:00:00' }] }), { kind: 'every-hours', everyHours: 8, firstTime: '06:00' }],
    ['every 13 hours', repeat({ frequency: 1, period: 13, periodUnit: 'h' }), { kind: 'as-needed' }],
    ['every 1.5 hours', repeat({ frequency: 1, period: 1.5, periodUnit: 'h' }), { kind: 'as-needed' }],
    ['a count a day without a period (the IPS example)', repeat({ periodUnit: 'd' }), { kind: 'as-needed' }],
  ])('%s', (_, dosage, schedule) => {
    expect(scheduleOfDosage(dosage)).toEqual(schedule);
  });

  it.each<MedicationSchedule>([
    daily('08:00'),
    daily('06:30', '12:00', '22:15'),
    { kind: 'weekdays', weekdays: ['mon', 'wed', 'sun'], times: ['07:00', '19:00'] },
    { kind: 'every-hours', everyHours: 4, firstTime: '05:45' },
    { kind: 'every-hours', everyHours: 12, firstTime: '08:00' },
    { kind: 'as-needed' },
  ])('what the export writes comes back: %j', (schedule) => {
    const timing = timingOf(schedule);
    expect(scheduleOfDosage({ timing: timing as DosageTiming['timing'], asNeededBoolean: schedule.kind === 'as-needed' ? true : undefined })).toEqual(schedule);
  });

  it('says the schedule in words', () => {
    expect(scheduleWords(daily('08:00', '14:00', '20:00'))).toBe('at 08:00, 14:00 and 20:00 every day');
    expect(scheduleWords({ kind: 'weekdays', weekdays: ['mon', 'thu'], times: ['09:30'] })).toBe('at 09:30 on Mon, Thu');
    expect(scheduleWords({ kind: 'every-hours', everyHours: 8, firstTime: '06:00' })).toBe('every 8 hours from 06:00');
    expect(scheduleWords({ kind: 'as-needed' })).toBe('as needed');
  });
});

describe('a dose as a quantity', () => {
  it.each<[string | null, { value: number; unit: string } | undefined]>([
    ['1 tablet', { value: 1, unit: 'tablet' }],
    ['2 puffs', { value: 2, unit: 'puffs' }],
    ['2.5 ml', { value: 2.5, unit: 'ml' }],
    ['5ml', { value: 5, unit: 'ml' }],
    ['1 drop in each eye', undefined],
    ['1-2 tablets', undefined],
    ['half a tablet', undefined],
    ['10 mg/kg', undefined],
    [null, undefined],
  ])('%s', (dose, quantity) => {
    expect(doseQuantity(dose)).toEqual(quantity);
  });

  it('reads a quantity back as words', () => {
    expect(doseOfQuantity({ value: 1, unit: 'tablet', code: '{tbl}' })).toBe('1 tablet');
    expect(doseOfQuantity({ value: 2, code: '{puff}' })).toBe('2 puff');
    expect(doseOfQuantity({ value: 1 })).toBe('1');
    expect(doseOfQuantity({ value: 0, unit: 'tablet' })).toBeNull();
    expect(doseOfQuantity(undefined)).toBeNull();
  });
});
