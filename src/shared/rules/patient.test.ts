import { describe, expect, it } from 'vitest';
import { isTimeZone, todayIn } from './patient';

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
