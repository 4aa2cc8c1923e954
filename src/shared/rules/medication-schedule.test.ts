import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adherenceOf,
  dosesOnDay,
  isDueOn,
  localInstant,
  nextDueDoses,
  scheduleTimes,
  sumAdherence,
  windowDays,
  type DueDose,
} from './medication-schedule';
import type { MedicationSchedule, ScheduledMedication } from './medications';

// Every daylight-saving change of 2026 in the zones below, both ways, and two zones without one. Sydney and Lord Howe
// are the southern hemisphere's (forward in October, back in April); Lord Howe moves by 30 minutes.

/** The wall clock an instant reads in a zone, 'yyyy-MM-dd HH:mm'. */
function wallIn(timeZone: string, instant: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

function medication(schedule: MedicationSchedule, more: Partial<ScheduledMedication> = {}): ScheduledMedication {
  return { id: 1, schedule, startDate: null, endDate: null, status: 'active', pausedOn: null, stoppedOn: null, ...more };
}

const daily = (...times: string[]): MedicationSchedule => ({ kind: 'daily', times });
const everyHours = (hours: number, firstTime: string): MedicationSchedule => ({ kind: 'every-hours', everyHours: hours, firstTime });
const AS_NEEDED: MedicationSchedule = { kind: 'as-needed' };

/** Doses as [date, time, dueAt ISO], to compare at a glance. */
const rows = (doses: DueDose[]) => doses.map((dose) => [dose.medicationId, dose.date, dose.time, dose.dueAt.toISOString()]);

/** Each change: the zone, the day before, the day of the change, and how far the clock moves (minutes, forward +). */
const CHANGES = [
  ['America/New_York', '2026-03-07', '2026-03-08', 60],
  ['America/New_York', '2026-10-31', '2026-11-01', -60],
  ['Europe/Berlin', '2026-03-28', '2026-03-29', 60],
  ['Europe/Berlin', '2026-10-24', '2026-10-25', -60],
  ['Australia/Sydney', '2026-10-03', '2026-10-04', 60],
  ['Australia/Sydney', '2026-04-04', '2026-04-05', -60],
  ['Australia/Lord_Howe', '2026-10-03', '2026-10-04', 30],
  ['Australia/Lord_Howe', '2026-04-04', '2026-04-05', -30],
  ['Asia/Kolkata', '2026-03-07', '2026-03-08', 0],
  ['UTC', '2026-03-28', '2026-03-29', 0],
] as const;

describe('localInstant', () => {
  it.each([
    // A 08:00 dose either side of each change: the clock stays, the instant moves by the change.
    ['America/New_York', '2026-03-07', '08:00', '2026-03-07T13:00:00.000Z'],
    ['America/New_York', '2026-03-08', '08:00', '2026-03-08T12:00:00.000Z'],
    ['America/New_York', '2026-10-31', '08:00', '2026-10-31T12:00:00.000Z'],
    ['America/New_York', '2026-11-01', '08:00', '2026-11-01T13:00:00.000Z'],
    ['Europe/Berlin', '2026-03-28', '08:00', '2026-03-28T07:00:00.000Z'],
    ['Europe/Berlin', '2026-03-29', '08:00', '2026-03-29T06:00:00.000Z'],
    ['Europe/Berlin', '2026-10-24', '08:00', '2026-10-24T06:00:00.000Z'],
    ['Europe/Berlin', '2026-10-25', '08:00', '2026-10-25T07:00:00.000Z'],
    ['Australia/Sydney', '2026-10-03', '08:00', '2026-10-02T22:00:00.000Z'],
    ['Australia/Sydney', '2026-10-04', '08:00', '2026-10-03T21:00:00.000Z'],
    ['Australia/Sydney', '2026-04-04', '08:00', '2026-04-03T21:00:00.000Z'],
    ['Australia/Sydney', '2026-04-05', '08:00', '2026-04-04T22:00:00.000Z'],
    ['Australia/Lord_Howe', '2026-10-03', '08:00', '2026-10-02T21:30:00.000Z'],
    ['Australia/Lord_Howe', '2026-10-04', '08:00', '2026-10-03T21:00:00.000Z'],
    ['Australia/Lord_Howe', '2026-04-04', '08:00', '2026-04-03T21:00:00.000Z'],
    ['Australia/Lord_Howe', '2026-04-05', '08:00', '2026-04-04T21:30:00.000Z'],
    ['Asia/Kolkata', '2026-03-08', '08:00', '2026-03-08T02:30:00.000Z'],
    ['Asia/Kolkata', '2026-11-01', '08:00', '2026-11-01T02:30:00.000Z'],
    ['UTC', '2026-03-29', '08:00', '2026-03-29T08:00:00.000Z'],
    // In the gap: forward by the gap (New York 02:30 → 03:30 EDT; Lord Howe 02:15 → 02:45).
    ['America/New_York', '2026-03-08', '02:00', '2026-03-08T07:00:00.000Z'],
    ['America/New_York', '2026-03-08', '02:30', '2026-03-08T07:30:00.000Z'],
    ['America/New_York', '2026-03-08', '03:00', '2026-03-08T07:00:00.000Z'],
    ['Europe/Berlin', '2026-03-29', '02:30', '2026-03-29T01:30:00.000Z'],
    ['Australia/Sydney', '2026-10-04', '02:30', '2026-10-03T16:30:00.000Z'],
    ['Australia/Lord_Howe', '2026-10-04', '02:15', '2026-10-03T15:45:00.000Z'],
    // America/Santiago moves at midnight: the day starts at 01:00.
    ['America/Santiago', '2026-09-06', '00:00', '2026-09-06T04:00:00.000Z'],
    ['America/Santiago', '2026-09-06', '00:30', '2026-09-06T04:30:00.000Z'],
    // The repeated hour: the first time round, still on summer time (New York 01:30 EDT, Berlin 02:30 CEST, …).
    ['America/New_York', '2026-11-01', '01:30', '2026-11-01T05:30:00.000Z'],
    ['Europe/Berlin', '2026-10-25', '02:30', '2026-10-25T00:30:00.000Z'],
    ['Australia/Sydney', '2026-04-05', '02:30', '2026-04-04T15:30:00.000Z'],
    ['Australia/Lord_Howe', '2026-04-05', '01:45', '2026-04-04T14:45:00.000Z'],
    ['America/Santiago', '2026-04-04', '23:30', '2026-04-05T02:30:00.000Z'],
    // Just after the repeated hour: the one time, on winter time.
    ['America/New_York', '2026-11-01', '02:00', '2026-11-01T07:00:00.000Z'],
    ['Europe/Berlin', '2026-10-25', '03:00', '2026-10-25T02:00:00.000Z'],
  ])('%s %s %s is %s', (zone, date, time, expected) => {
    expect(localInstant(date, time, zone).toISOString()).toBe(expected);
  });

  it.each(CHANGES)('keeps a 08:00 dose at 08:00 in %s from %s to %s, its instant moving by the change', (zone, before, day, shift) => {
    const first = localInstant(before, '08:00', zone);
    const second = localInstant(day, '08:00', zone);
    expect([wallIn(zone, first), wallIn(zone, second)]).toEqual([`${before} 08:00`, `${day} 08:00`]);
    expect((second.getTime() - first.getTime()) / 60_000).toBe(24 * 60 - shift);
  });

  it.each(CHANGES)('reads every quarter hour of %s on the change (%s, %s) back as itself: a gap forward by it, a repeat the first', (zone, _before, day, shift) => {
    const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    let inGap = 0;
    for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
      const instant = localInstant(day, clock(minutes), zone);
      const readBack = wallIn(zone, instant);
      if (readBack !== `${day} ${clock(minutes)}`) {
        // Only a time in the gap reads otherwise: the same time, the gap's length later.
        expect(readBack, clock(minutes)).toBe(`${day} ${clock(minutes + shift)}`);
        inGap += 1;
      }
      // The instant a fall-back's length earlier does not read the same time: this is the first of the two.
      if (shift < 0) expect(wallIn(zone, new Date(instant.getTime() + shift * 60_000)), clock(minutes)).not.toBe(readBack);
    }
    expect(inGap).toBe(Math.max(0, shift / 15));
  });

  it("is the machine's own clock without a zone: JavaScript's Date, which follows the same rule", () => {
    for (const [, before, day] of CHANGES) {
      for (const time of ['00:00', '01:30', '02:00', '02:15', '02:30', '03:00', '08:00', '23:59']) {
        const [year, month, date] = day.split('-').map(Number);
        const [hours, minutes] = time.split(':').map(Number);
        expect(localInstant(day, time, null), `${day} ${time}`).toEqual(new Date(year!, month! - 1, date!, hours, minutes));
        expect(localInstant(before, time, null)).toEqual(localInstant(before, time, Intl.DateTimeFormat().resolvedOptions().timeZone));
      }
    }
  });

  it('refuses a zone it does not know', () => {
    expect(() => localInstant('2026-03-08', '08:00', 'Not/AZone')).toThrow(RangeError);
  });
});

describe('scheduleTimes', () => {
  it.each([
    ['daily, its times', daily('08:00', '20:00'), ['08:00', '20:00']],
    ['daily, held sorted and once each', daily('20:00', '08:00', '20:00'), ['08:00', '20:00']],
    ['weekdays, its times', { kind: 'weekdays', weekdays: ['mon'], times: ['09:30'] }, ['09:30']],
    ['every 8 h from 06:00', everyHours(8, '06:00'), ['06:00', '14:00', '22:00']],
    ['every 5 h from 00:00', everyHours(5, '00:00'), ['00:00', '05:00', '10:00', '15:00', '20:00']],
    ['every 3 h from 00:15', everyHours(3, '00:15'), ['00:15', '03:15', '06:15', '09:15', '12:15', '15:15', '18:15', '21:15']],
    ['every 12 h from 13:00: the day ends first', everyHours(12, '13:00'), ['13:00']],
    ['every hour from 23:30', everyHours(1, '23:30'), ['23:30']],
    ['every hour from 00:00: 24 doses', everyHours(1, '00:00'), Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`)],
    ['as needed: none', AS_NEEDED, []],
  ] as const)('%s', (_case, schedule, expected) => {
    expect(scheduleTimes(schedule as MedicationSchedule)).toEqual(expected);
  });
});

describe('isDueOn', () => {
  const mondayWednesday: MedicationSchedule = { kind: 'weekdays', weekdays: ['mon', 'wed'], times: ['08:00'] };
  it.each([
    ['daily, no limits', medication(daily('08:00')), '2026-03-08', true],
    ['as needed: never', medication(AS_NEEDED), '2026-03-08', false],
    ['the day before the start', medication(daily('08:00'), { startDate: '2026-03-08' }), '2026-03-07', false],
    ['the start day', medication(daily('08:00'), { startDate: '2026-03-08' }), '2026-03-08', true],
    ['the end day', medication(daily('08:00'), { endDate: '2026-03-08' }), '2026-03-08', true],
    ['the day after the end', medication(daily('08:00'), { endDate: '2026-03-08' }), '2026-03-09', false],
    ['paused: the day before', medication(daily('08:00'), { status: 'paused', pausedOn: '2026-03-08' }), '2026-03-07', true],
    ['paused: the day it was paused', medication(daily('08:00'), { status: 'paused', pausedOn: '2026-03-08' }), '2026-03-08', false],
    ['paused: after', medication(daily('08:00'), { status: 'paused', pausedOn: '2026-03-08' }), '2026-04-01', false],
    ['paused without its day', medication(daily('08:00'), { status: 'paused' }), '2020-01-01', false],
    ['stopped: the day before', medication(daily('08:00'), { status: 'stopped', stoppedOn: '2026-03-08' }), '2026-03-07', true],
    ['stopped: the day it was stopped', medication(daily('08:00'), { status: 'stopped', stoppedOn: '2026-03-08' }), '2026-03-08', false],
    ['stopped without its day', medication(daily('08:00'), { status: 'stopped' }), '2020-01-01', false],
    ['active again: a stale pause day is not read', medication(daily('08:00'), { pausedOn: '2026-03-01', stoppedOn: '2026-03-01' }), '2026-03-08', true],
    ['weekdays: a Monday', medication(mondayWednesday), '2026-03-09', true],
    ['weekdays: a Wednesday', medication(mondayWednesday), '2026-03-11', true],
    ['weekdays: a Sunday', medication(mondayWednesday), '2026-03-08', false],
    ['weekdays: a Tuesday', medication(mondayWednesday), '2026-03-10', false],
    ['weekdays: Sunday the 1st of November', medication({ kind: 'weekdays', weekdays: ['sun'], times: ['08:00'] }), '2026-11-01', true],
    ['weekdays: Tuesday the 29th of February', medication({ kind: 'weekdays', weekdays: ['tue'], times: ['08:00'] }), '2028-02-29', true],
    ['weekdays: on a Monday, before its start', medication(mondayWednesday, { startDate: '2026-03-10' }), '2026-03-09', false],
  ] as const)('%s (%s → %s)', (_case, med, date, expected) => {
    expect(isDueOn(med, date)).toBe(expected);
  });
});

describe('dosesOnDay', () => {
  it.each([
    // Every 4 h across the spring change: the clock's times, so 00:00 to 04:00 is 3 hours.
    [
      'every 4 h in New York, clocks forward',
      everyHours(4, '00:00'),
      'America/New_York',
      '2026-03-08',
      [
        ['00:00', '2026-03-08T05:00:00.000Z'],
        ['04:00', '2026-03-08T08:00:00.000Z'],
        ['08:00', '2026-03-08T12:00:00.000Z'],
        ['12:00', '2026-03-08T16:00:00.000Z'],
        ['16:00', '2026-03-08T20:00:00.000Z'],
        ['20:00', '2026-03-09T00:00:00.000Z'],
      ],
    ],
    [
      'every 6 h in Berlin, clocks back: 00:00 to 06:00 is 7 hours',
      everyHours(6, '00:00'),
      'Europe/Berlin',
      '2026-10-25',
      [
        ['00:00', '2026-10-24T22:00:00.000Z'],
        ['06:00', '2026-10-25T05:00:00.000Z'],
        ['12:00', '2026-10-25T11:00:00.000Z'],
        ['18:00', '2026-10-25T17:00:00.000Z'],
      ],
    ],
    [
      'every hour in New York across the gap: 02:00 moves to 03:00, due with it',
      everyHours(1, '01:00'),
      'America/New_York',
      '2026-03-08',
      [
        ['01:00', '2026-03-08T06:00:00.000Z'],
        ['02:00', '2026-03-08T07:00:00.000Z'],
        ['03:00', '2026-03-08T07:00:00.000Z'],
        ['04:00', '2026-03-08T08:00:00.000Z'],
      ],
    ],
    [
      'every hour in Lord Howe across the repeat: 01:00 once, the first 01:30 … 02:00 after the repeat',
      everyHours(1, '00:00'),
      'Australia/Lord_Howe',
      '2026-04-05',
      [
        ['00:00', '2026-04-04T13:00:00.000Z'],
        ['01:00', '2026-04-04T14:00:00.000Z'],
        ['02:00', '2026-04-04T15:30:00.000Z'],
        ['03:00', '2026-04-04T16:30:00.000Z'],
      ],
    ],
    [
      'twice daily in Sydney, clocks forward: by time, each at its clock time',
      daily('02:30', '20:00'),
      'Australia/Sydney',
      '2026-10-04',
      [
        ['02:30', '2026-10-03T16:30:00.000Z'],
        ['20:00', '2026-10-04T09:00:00.000Z'],
      ],
    ],
    [
      'in Kolkata, half an hour off the hour',
      daily('08:00', '21:00'),
      'Asia/Kolkata',
      '2026-03-08',
      [
        ['08:00', '2026-03-08T02:30:00.000Z'],
        ['21:00', '2026-03-08T15:30:00.000Z'],
      ],
    ],
  ] as const)('%s', (_case, schedule, zone, date, expected) => {
    const doses = dosesOnDay(medication(schedule, { id: 7 }), date, zone);
    expect(doses.slice(0, expected.length).map((dose) => [dose.time, dose.dueAt.toISOString()])).toEqual(expected);
    expect(doses.every((dose) => dose.medicationId === 7 && dose.date === date)).toBe(true);
  });

  it.each([
    ['America/New_York', '2026-03-08'],
    ['America/New_York', '2026-11-01'],
    ['Australia/Lord_Howe', '2026-04-05'],
    ['Australia/Lord_Howe', '2026-10-04'],
  ])('gives every hour of the clock once in %s on %s, however long the day', (zone, date) => {
    expect(dosesOnDay(medication(everyHours(1, '00:00')), date, zone)).toHaveLength(24);
  });

  it('is the same weekday doses in every zone: the date decides, not the instant', () => {
    const med = medication({ kind: 'weekdays', weekdays: ['sun'], times: ['08:00'] });
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC']) {
      expect(dosesOnDay(med, '2026-03-08', zone).map((dose) => dose.time), zone).toEqual(['08:00']);
      expect(dosesOnDay(med, '2026-03-09', zone), zone).toEqual([]);
    }
  });

  it('has none on a day not due, nor for as needed', () => {
    expect(dosesOnDay(medication(daily('08:00'), { endDate: '2026-03-07' }), '2026-03-08', 'UTC')).toEqual([]);
    expect(dosesOnDay(medication(AS_NEEDED), '2026-03-08', 'UTC')).toEqual([]);
  });
});

describe('nextDueDoses', () => {
  const morningEvening = medication(daily('08:00', '20:00'), { id: 1 });
  const everyEight = medication(everyHours(8, '06:00'), { id: 2 });
  const mondays = medication({ kind: 'weekdays', weekdays: ['mon'], times: ['09:00'] }, { id: 3 });
  const alsoAtEight = medication(daily('08:00'), { id: 4 });
  const sometimes = medication(AS_NEEDED, { id: 5 });

  it.each([
    [
      'across midnight, strictly after: the 22:00 dose at `after` is not next',
      [morningEvening, everyEight],
      'America/New_York',
      '2026-03-06T03:00:00Z', // 22:00 on the 5th in New York
      3,
      [
        [2, '2026-03-06', '06:00', '2026-03-06T11:00:00.000Z'],
        [1, '2026-03-06', '08:00', '2026-03-06T13:00:00.000Z'],
        [2, '2026-03-06', '14:00', '2026-03-06T19:00:00.000Z'],
      ],
    ],
    [
      'the same instant: by medication',
      [alsoAtEight, morningEvening],
      'Europe/Berlin',
      '2026-03-05T12:00:00Z',
      3,
      [
        [1, '2026-03-05', '20:00', '2026-03-05T19:00:00.000Z'],
        [1, '2026-03-06', '08:00', '2026-03-06T07:00:00.000Z'],
        [4, '2026-03-06', '08:00', '2026-03-06T07:00:00.000Z'],
      ],
    ],
    [
      'a week: Mondays only, from a Tuesday',
      [mondays, sometimes],
      'UTC',
      '2026-03-10T12:00:00Z',
      2,
      [
        [3, '2026-03-16', '09:00', '2026-03-16T09:00:00.000Z'],
        [3, '2026-03-23', '09:00', '2026-03-23T09:00:00.000Z'],
      ],
    ],
    [
      'across the spring change in New York: 08:00 each day, an hour sooner in UTC',
      [alsoAtEight],
      'America/New_York',
      '2026-03-06T14:00:00Z',
      3,
      [
        [4, '2026-03-07', '08:00', '2026-03-07T13:00:00.000Z'],
        [4, '2026-03-08', '08:00', '2026-03-08T12:00:00.000Z'],
        [4, '2026-03-09', '08:00', '2026-03-09T12:00:00.000Z'],
      ],
    ],
    [
      'across the autumn change in Sydney (April): 08:00 each day, an hour later in UTC',
      [alsoAtEight],
      'Australia/Sydney',
      '2026-04-03T00:00:00Z',
      2,
      [
        [4, '2026-04-04', '08:00', '2026-04-03T21:00:00.000Z'],
        [4, '2026-04-05', '08:00', '2026-04-04T22:00:00.000Z'],
      ],
    ],
    [
      'across the repeated hour in Berlin: the first 02:30, then 08:00',
      [medication(daily('02:30', '08:00'), { id: 6 })],
      'Europe/Berlin',
      '2026-10-25T00:00:00Z', // 02:00 CEST, before the first 02:30
      2,
      [
        [6, '2026-10-25', '02:30', '2026-10-25T00:30:00.000Z'],
        [6, '2026-10-25', '08:00', '2026-10-25T07:00:00.000Z'],
      ],
    ],
    [
      'after the first 02:30 in Berlin: no second one at the repeat',
      [medication(daily('02:30', '08:00'), { id: 6 })],
      'Europe/Berlin',
      '2026-10-25T01:00:00Z', // 02:00 CET, the hour again
      1,
      [[6, '2026-10-25', '08:00', '2026-10-25T07:00:00.000Z']],
    ],
    [
      'a start date far ahead, within the horizon',
      [medication(daily('08:00'), { id: 8, startDate: '2027-04-05' })],
      'UTC',
      '2026-03-01T12:00:00Z',
      1,
      [[8, '2027-04-05', '08:00', '2027-04-05T08:00:00.000Z']],
    ],
    ['a start date past the horizon: none', [medication(daily('08:00'), { startDate: '2027-04-06' })], 'UTC', '2026-03-01T12:00:00Z', 1, []],
    ['an ended schedule: none', [medication(daily('08:00'), { endDate: '2026-02-28' })], 'UTC', '2026-03-01T12:00:00Z', 5, []],
    ['as needed only: none', [sometimes], 'UTC', '2026-03-01T12:00:00Z', 5, []],
    ['a stopped one: none from its day', [medication(daily('08:00'), { status: 'stopped', stoppedOn: '2026-03-02' })], 'UTC', '2026-03-01T12:00:00Z', 5, []],
    ['no medications: none', [], 'UTC', '2026-03-01T12:00:00Z', 5, []],
    ['a limit of 0: none', [morningEvening], 'UTC', '2026-03-01T12:00:00Z', 0, []],
  ] as const)('%s', (_case, medications, zone, after, limit, expected) => {
    expect(rows(nextDueDoses([...medications], zone, new Date(after), limit))).toEqual(expected);
  });

  it('looks `horizonDays` days past the day of `after`, and no further', () => {
    const inTen = [medication(daily('08:00'), { startDate: '2026-03-11' })];
    const after = new Date('2026-03-01T12:00:00Z');
    expect(rows(nextDueDoses(inTen, 'UTC', after, 1, 10))).toEqual([[1, '2026-03-11', '08:00', '2026-03-11T08:00:00.000Z']]);
    expect(nextDueDoses(inTen, 'UTC', after, 1, 9)).toEqual([]);
  });

  it('finds the doses of a whole week in order, whatever the limit', () => {
    const doses = nextDueDoses([morningEvening, everyEight, mondays], 'America/New_York', new Date('2026-03-04T12:00:00Z'), 1000, 6);
    // 7 days (the 4th from 07:00 on, to the 10th): 2 + 3 a day, a Monday, less the 4th's 06:00.
    expect(doses).toHaveLength(7 * 5 + 1 - 1);
    expect(doses.map((dose) => dose.dueAt.getTime())).toEqual(doses.map((dose) => dose.dueAt.getTime()).sort((a, b) => a - b));
    expect(doses.filter((dose) => dose.date === '2026-03-08').map((dose) => wallIn('America/New_York', dose.dueAt))).toEqual([
      '2026-03-08 06:00',
      '2026-03-08 08:00',
      '2026-03-08 14:00',
      '2026-03-08 20:00',
      '2026-03-08 22:00',
    ]);
  });

  it('takes the patient\'s day of `after` in their zone: late evening in Pago Pago is already tomorrow in Kiritimati', () => {
    const after = new Date('2026-11-22T10:30:00Z');
    expect(rows(nextDueDoses([alsoAtEight], 'Pacific/Kiritimati', after, 1))).toEqual([[4, '2026-11-23', '08:00', '2026-11-22T18:00:00.000Z']]);
    expect(rows(nextDueDoses([alsoAtEight], 'Pacific/Pago_Pago', after, 1))).toEqual([[4, '2026-11-22', '08:00', '2026-11-22T19:00:00.000Z']]);
  });
});

describe('adherenceOf', () => {
  const twiceDaily = medication(daily('08:00', '20:00'));
  const zone = 'America/New_York';
  // Tuesday the 10th, 12:00 in New York: the morning dose is due, the evening one not yet.
  const at = { today: '2026-03-10', days: 7, now: new Date('2026-03-10T16:00:00Z'), timeZone: zone };
  const eachDay = (count: number, days = windowDays('2026-03-10', 7)) => new Map(days.map((day) => [day, count]));

  it.each([
    ['all taken, the evening dose not yet', twiceDaily, new Map([...eachDay(2), ['2026-03-10', 1]]), at, { due: 13, taken: 13, rate: 1 }],
    ['the evening dose taken early: due as well as taken', twiceDaily, eachDay(2), at, { due: 14, taken: 14, rate: 1 }],
    ['nothing logged: every due dose counts against', twiceDaily, new Map(), at, { due: 13, taken: 0, rate: 0 }],
    ['extra entries are capped by the day\'s doses', twiceDaily, new Map([['2026-03-09', 5]]), at, { due: 13, taken: 2, rate: 2 / 13 }],
    ['entries either side of the window are not counted', twiceDaily, new Map([['2026-03-03', 2], ['2026-03-11', 2]]), at, { due: 13, taken: 0, rate: 0 }],
    ['the window\'s first day counts', twiceDaily, new Map([['2026-03-04', 2]]), at, { due: 13, taken: 2, rate: 2 / 13 }],
    ['before the first dose of today', twiceDaily, eachDay(2, windowDays('2026-03-09', 6)), { ...at, now: new Date('2026-03-10T11:00:00Z') }, { due: 12, taken: 12, rate: 1 }],
    ['as needed: never due, its entries not counted', medication(AS_NEEDED), eachDay(3), at, { due: 0, taken: 0, rate: null }],
    ['started in the window: only from its start, entries before it not counted', medication(daily('08:00', '20:00'), { startDate: '2026-03-08' }), eachDay(2), at, { due: 6, taken: 6, rate: 1 }],
    ['started tomorrow: nothing due', medication(daily('08:00'), { startDate: '2026-03-11' }), new Map(), at, { due: 0, taken: 0, rate: null }],
    ['paused in the window: entries from that day not counted', medication(daily('08:00', '20:00'), { status: 'paused', pausedOn: '2026-03-07' }), eachDay(2), at, { due: 6, taken: 6, rate: 1 }],
    ['a one-day window', twiceDaily, new Map([['2026-03-10', 1]]), { ...at, days: 1 }, { due: 1, taken: 1, rate: 1 }],
    ['a window of 0 days', twiceDaily, eachDay(2), { ...at, days: 0 }, { due: 0, taken: 0, rate: null }],
  ] as const)('%s', (_case, med, taken, options, expected) => {
    expect(adherenceOf(med, taken, options)).toEqual(expected);
  });

  it.each([
    // Every hour on the 23- and 25-hour days: still 24 doses a day, by the clock.
    ['America/New_York', '2026-03-08', '2026-03-09T04:59:00Z'],
    ['America/New_York', '2026-11-01', '2026-11-02T04:59:00Z'],
    ['Australia/Lord_Howe', '2026-10-04', '2026-10-04T12:59:00Z'],
  ])('counts the clock\'s doses on a change day in %s (%s)', (timeZone, today, now) => {
    const figures = adherenceOf(medication(everyHours(1, '00:00')), new Map([[today, 30]]), { today, days: 1, now: new Date(now), timeZone });
    expect(figures).toEqual({ due: 24, taken: 24, rate: 1 });
  });

  it('counts a dose due at `now` as due', () => {
    const now = localInstant('2026-03-10', '20:00', zone);
    expect(adherenceOf(twiceDaily, new Map(), { ...at, days: 1, now }).due).toBe(2);
    expect(adherenceOf(twiceDaily, new Map(), { ...at, days: 1, now: new Date(now.getTime() - 1) }).due).toBe(1);
  });
});

describe('adherenceOf, counted the long way', () => {
  /** Every dose's instant, on every day of the window: what adherenceOf counts without instants on the older days. */
  function longWay(med: ScheduledMedication, taken: ReadonlyMap<string, number>, options: { today: string; days: number; now: Date; timeZone: string }) {
    let due = 0;
    let takenCount = 0;
    for (const day of windowDays(options.today, options.days)) {
      const doses = dosesOnDay(med, day, options.timeZone);
      const takenThatDay = Math.min(taken.get(day) ?? 0, doses.length);
      due += Math.max(doses.filter((dose) => dose.dueAt <= options.now).length, takenThatDay);
      takenCount += takenThatDay;
    }
    return { due, taken: takenCount };
  }

  const time = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 59)).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
  const schedule: fc.Arbitrary<MedicationSchedule> = fc.oneof(
    fc.array(time, { minLength: 1, maxLength: 4 }).map((times) => ({ kind: 'daily' as const, times })),
    fc.record({ kind: fc.constant('weekdays' as const), weekdays: fc.subarray(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const, { minLength: 1 }), times: fc.array(time, { minLength: 1, maxLength: 3 }) }),
    fc.record({ kind: fc.constant('every-hours' as const), everyHours: fc.integer({ min: 1, max: 12 }), firstTime: time }),
  );

  it('gives the same figures as counting every dose, across zones and daylight-saving days', () => {
    fc.assert(
      fc.property(
        schedule,
        fc.constantFrom(...CHANGES.map(([zone, , day]) => [zone, day] as const)),
        fc.integer({ min: 0, max: 24 * 60 - 1 }),
        fc.integer({ min: 1, max: 30 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 31 }), fc.integer({ min: 0, max: 5 })), { maxLength: 10 }),
        fc.integer({ min: 0, max: 2 }),
        (sched, [timeZone, changeDay], minuteOfToday, days, takenDays, daysAfterChange) => {
          // Today is the change day or one or two days after it: the change falls on a day counted exactly or whole.
          const today = new Date(Date.parse(`${changeDay}T00:00:00Z`) + daysAfterChange * 86_400_000).toISOString().slice(0, 10);
          const now = new Date(localInstant(today, '00:00', timeZone).getTime() + minuteOfToday * 60_000);
          // A minute past the end of a 23-hour day is tomorrow: not a `now` of today.
          if (new Intl.DateTimeFormat('en-CA', { timeZone }).format(now) !== today) return;
          const taken = new Map(takenDays.map(([back, count]) => [windowDays(today, back + 1)[0]!, count] as const));
          const med = medication(sched);
          const options = { today, days, now, timeZone };
          const { due, taken: takenCount } = adherenceOf(med, taken, options);
          expect({ due, taken: takenCount }).toEqual(longWay(med, taken, options));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('sumAdherence', () => {
  it.each([
    [[], { due: 0, taken: 0, rate: null }],
    [[{ due: 0, taken: 0 }], { due: 0, taken: 0, rate: null }],
    [[{ due: 14, taken: 14 }, { due: 0, taken: 0 }], { due: 14, taken: 14, rate: 1 }],
    [[{ due: 14, taken: 7 }, { due: 6, taken: 3 }], { due: 20, taken: 10, rate: 0.5 }],
    [[{ due: 3, taken: 0 }, { due: 1, taken: 1 }], { due: 4, taken: 1, rate: 0.25 }],
  ])('%j → %j', (figures, expected) => {
    expect(sumAdherence(figures)).toEqual(expected);
  });
});

describe('windowDays', () => {
  it.each([
    ['2026-03-10', 3, ['2026-03-08', '2026-03-09', '2026-03-10']],
    ['2026-03-10', 1, ['2026-03-10']],
    ['2026-03-10', 0, []],
    ['2028-03-01', 2, ['2028-02-29', '2028-03-01']],
    ['2027-01-01', 2, ['2026-12-31', '2027-01-01']],
    // The change days are 24 calendar hours like any other here: days, not hours.
    ['2026-03-09', 3, ['2026-03-07', '2026-03-08', '2026-03-09']],
  ])('%s, %d days → %j', (today, days, expected) => {
    expect(windowDays(today, days)).toEqual(expected);
  });

  it('gives 30 days ending today', () => {
    const days = windowDays('2026-11-01', 30);
    expect([days.length, days[0], days[29]]).toEqual([30, '2026-10-03', '2026-11-01']);
  });
});
