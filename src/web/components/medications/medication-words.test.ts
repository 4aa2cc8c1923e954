import { describe, expect, it } from 'vitest';
import type { MedicationSchedule } from '../../../shared/rules/medications';
import { adherenceWords, conditionSuggestions, isPastMedication, listWords, scheduleWords, statusWithReason } from './medication-words';
import { localInstant } from '../../../shared/rules/medication-schedule';
import { clockDateTimeWords, clockOf, clockTimeWords } from './patient-clock';

describe('scheduleWords', () => {
  it.each<[MedicationSchedule, string]>([
    [{ kind: 'daily', times: ['08:00'] }, 'Every day at 8:00 AM'],
    [{ kind: 'daily', times: ['08:00', '20:00'] }, 'Every day at 8:00 AM and 8:00 PM'],
    [{ kind: 'daily', times: ['08:00', '14:00', '20:00'] }, 'Every day at 8:00 AM, 2:00 PM and 8:00 PM'],
    [{ kind: 'weekdays', weekdays: ['mon', 'thu'], times: ['09:30'] }, 'Mon and Thu at 9:30 AM'],
    [{ kind: 'weekdays', weekdays: ['mon', 'tue', 'wed', 'thu', 'fri'], times: ['07:00'] }, 'Weekdays at 7:00 AM'],
    [{ kind: 'weekdays', weekdays: ['sat', 'sun'], times: ['10:00'] }, 'Weekends at 10:00 AM'],
    [{ kind: 'weekdays', weekdays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], times: ['00:00'] }, 'Every day at 12:00 AM'],
    [{ kind: 'every-hours', everyHours: 8, firstTime: '06:00' }, 'Every 8 hours from 6:00 AM'],
    [{ kind: 'every-hours', everyHours: 1, firstTime: '12:00' }, 'Every hour from 12:00 PM'],
    [{ kind: 'as-needed' }, 'As needed'],
  ])('%o → %s', (schedule, words) => {
    expect(scheduleWords(schedule)).toBe(words);
  });
});

describe('listWords', () => {
  it.each([
    [[], ''],
    [['a'], 'a'],
    [['a', 'b'], 'a and b'],
    [['a', 'b', 'c'], 'a, b and c'],
  ])('%o → %s', (items, words) => {
    expect(listWords(items)).toBe(words);
  });
});

describe('adherenceWords', () => {
  it.each([
    [{ due: 0, taken: 0, rate: null }, 'No doses due'],
    [{ due: 1, taken: 1, rate: 1 }, '100% (1 of 1 dose)'],
    [{ due: 14, taken: 12, rate: 12 / 14 }, '86% (12 of 14 doses)'],
    [{ due: 3, taken: 0, rate: 0 }, '0% (0 of 3 doses)'],
  ])('%o → %s', (figures, words) => {
    expect(adherenceWords(figures)).toBe(words);
  });
});

describe('isPastMedication', () => {
  it.each([
    [{ status: 'active', endDate: null }, false],
    [{ status: 'paused', endDate: null }, false],
    [{ status: 'stopped', endDate: null }, true],
    [{ status: 'active', endDate: '2026-03-10' }, false],
    [{ status: 'active', endDate: '2026-03-09' }, true],
  ] as const)('%o on 2026-03-10 → %s', (medication, past) => {
    expect(isPastMedication(medication, '2026-03-10')).toBe(past);
  });
});

describe('conditionSuggestions', () => {
  it('splits lines, commas and semicolons, drops bullets and repeats', () => {
    expect(conditionSuggestions('asthma, type 2 diabetes\n- hypertension; asthma\n\n')).toEqual(['asthma', 'type 2 diabetes', 'hypertension']);
    expect(conditionSuggestions(null)).toEqual([]);
    expect(conditionSuggestions('')).toEqual([]);
  });
});

describe("the patient's clock", () => {
  it.each([
    // Berlin: winter UTC+1, summer UTC+2 (the change on 2026-03-29).
    ['2026-03-01', '08:05', 'Europe/Berlin', '2026-03-01T07:05:00.000Z'],
    ['2026-07-01', '08:05', 'Europe/Berlin', '2026-07-01T06:05:00.000Z'],
    ['2026-03-01', '23:30', 'America/New_York', '2026-03-02T04:30:00.000Z'],
    ['2026-03-01', '00:15', 'Pacific/Kiritimati', '2026-02-28T10:15:00.000Z'],
  ])('%s %s in %s is %s, and back', (date, time, zone, iso) => {
    expect(localInstant(date, time, zone).toISOString()).toBe(iso);
    expect(clockOf(iso, zone)).toEqual({ date, time });
  });
});

describe("the patient's clock around daylight-saving changes", () => {
  it.each([
    // Berlin springs forward at 02:00 on 2026-03-29 and falls back at 03:00 on 2026-10-25.
    ['2026-03-29', '01:30', 'Europe/Berlin', '2026-03-29T00:30:00.000Z'],
    ['2026-03-29', '03:30', 'Europe/Berlin', '2026-03-29T01:30:00.000Z'],
    ['2026-10-25', '01:30', 'Europe/Berlin', '2026-10-24T23:30:00.000Z'],
    ['2026-10-25', '03:30', 'Europe/Berlin', '2026-10-25T02:30:00.000Z'],
    ['2026-11-01', '08:00', 'America/New_York', '2026-11-01T13:00:00.000Z'],
  ])('%s %s in %s is %s', (date, time, zone, iso) => {
    expect(localInstant(date, time, zone).toISOString()).toBe(iso);
    expect(clockOf(iso, zone)).toEqual({ date, time });
  });

  it('words a time on the clock with the formats of part 1 §9 (docs/product.md#part-1-9)', () => {
    expect(clockTimeWords('2026-03-01T07:05:00Z', 'Europe/Berlin')).toBe('8:05 AM');
    expect(clockDateTimeWords('2026-03-01T23:05:00Z', 'Europe/Berlin')).toBe('Mar 2, 2026, 12:05 AM');
  });
});

describe('statusWithReason', () => {
  it.each([
    [{ status: 'skipped', reason: 'Felt sick' }, 'Skipped: Felt sick'],
    [{ status: 'missed', reason: null }, 'Missed'],
    [{ status: 'taken', reason: null }, 'Taken'],
  ] as const)('%o reads %s', (entry, words) => {
    expect(statusWithReason(entry)).toBe(words);
  });
});
