import { describe, expect, it } from 'vitest';
import { clockIn, isTimeZone, todayIn } from './patient';

describe('todayIn', () => {
  // 2026-11-23 23:30 UTC: already the 24th east of UTC+1, still the 23rd in UTC and west of it.
  const lateEvening = new Date('2026-11-23T23:30:00Z');

  it.each([
    ['UTC', '2026-11-23'],
    ['Europe/Berlin', '2026-11-24'],
    ['Pacific/Kiritimati', '2026-11-24'],
    ['America/Los_Angeles', '2026-11-23'],
    ['Etc/GMT+12', '2026-11-23'],
  ])('is the calendar day in %s', (zone, expected) => {
    expect(todayIn(zone, lateEvening)).toBe(expected);
  });

  it("falls back to the machine's own zone without one", () => {
    const local = lateEvening;
    const expected = `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
    expect(todayIn(null, lateEvening)).toBe(expected);
  });
});

describe('isTimeZone', () => {
  it.each([
    ['Europe/Berlin', true],
    ['America/Argentina/Buenos_Aires', true],
    ['Etc/GMT+12', true],
    ['Mars/Olympus', false],
    ['', false],
  ])('%s → %s', (name, expected) => {
    expect(isTimeZone(name)).toBe(expected);
  });
});

describe('clockIn', () => {
  it.each([
    ['2026-03-01T07:05:00Z', 'Europe/Berlin', { date: '2026-03-01', time: '08:05' }],
    // Summer time: the same wall clock is an hour earlier in UTC.
    ['2026-07-01T06:05:00Z', 'Europe/Berlin', { date: '2026-07-01', time: '08:05' }],
    // Past midnight where the patient lives, still the day before in UTC.
    ['2026-03-01T23:05:00Z', 'Europe/Berlin', { date: '2026-03-02', time: '00:05' }],
    ['2026-03-02T04:30:00Z', 'America/New_York', { date: '2026-03-01', time: '23:30' }],
    // Both readings of the hour New York repeats on 2026-11-01.
    ['2026-11-01T05:30:00Z', 'America/New_York', { date: '2026-11-01', time: '01:30' }],
    ['2026-11-01T06:30:00Z', 'America/New_York', { date: '2026-11-01', time: '01:30' }],
    ['2026-03-01T00:00:00Z', 'Asia/Kolkata', { date: '2026-03-01', time: '05:30' }],
  ] as const)('%s in %s is %o', (iso, zone, expected) => {
    expect(clockIn(zone, new Date(iso))).toEqual(expected);
  });

  it('reads the machine\'s zone without one, as todayIn does', () => {
    const instant = new Date('2026-03-01T12:00:00Z');
    expect(clockIn(null, instant).date).toBe(todayIn(null, instant));
  });
});
