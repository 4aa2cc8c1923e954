import { describe, expect, it } from 'vitest';
import {
  appointmentStart,
  appointmentWindows,
  daysOfSupply,
  doseWindows,
  lookback,
  LOOKBACK_DAYS,
  verdictOf,
  weeklyDigestWindow,
} from './reminder-times';

const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe('verdictOf', () => {
  const window = { fire: at('2026-12-01T10:00:00Z'), usefulUntil: at('2026-12-01T11:00:00Z') };
  it('is not yet before its time, and live from its time until it stops being useful', () => {
    expect(verdictOf(window, at('2026-12-01T09:59:59Z'), null)).toBe('not-yet');
    expect(verdictOf(window, at('2026-12-01T10:00:00Z'), null)).toBe('live');
    expect(verdictOf(window, at('2026-12-01T10:59:59Z'), at('2026-12-01T10:59:00Z'))).toBe('live');
  });
  it('is missed when it fired after the last computation and is no longer useful', () => {
    expect(verdictOf(window, at('2026-12-01T11:00:00Z'), at('2026-12-01T09:00:00Z'))).toBe('missed');
  });
  it('is past when it fired before the last computation (seen live then), or there was none', () => {
    expect(verdictOf(window, at('2026-12-01T12:00:00Z'), at('2026-12-01T10:30:00Z'))).toBe('past');
    expect(verdictOf(window, at('2026-12-01T12:00:00Z'), at('2026-12-01T10:00:00Z'))).toBe('past');
    expect(verdictOf(window, at('2026-12-01T12:00:00Z'), null)).toBe('past');
  });
});

describe('lookback', () => {
  const now = at('2026-12-10T12:00:00Z');
  it('looks a day back at least, whether computed a minute ago or never', () => {
    expect(lookback(at('2026-12-10T11:59:00Z'), now)).toEqual({ from: at('2026-12-09T12:00:00Z'), missedAfter: at('2026-12-10T11:59:00Z') });
    expect(lookback(null, now)).toEqual({ from: at('2026-12-09T12:00:00Z'), missedAfter: null });
  });
  it('looks back over the downtime, at most LOOKBACK_DAYS', () => {
    expect(lookback(at('2026-12-07T12:00:00Z'), now)).toEqual({ from: at('2026-12-07T12:00:00Z'), missedAfter: at('2026-12-07T12:00:00Z') });
    const week = at('2026-12-03T12:00:00Z');
    expect(LOOKBACK_DAYS).toBe(7);
    expect(lookback(at('2026-10-01T00:00:00Z'), now)).toEqual({ from: week, missedAfter: week });
  });
});

describe('appointment reminders', () => {
  it('start at the time on the patient’s clock, or at a preference’s first hour (08:00 for any)', () => {
    expect(iso(appointmentStart('2026-12-02', '09:00', 'Europe/Berlin'))).toBe('2026-12-02T08:00:00.000Z');
    expect(iso(appointmentStart('2026-12-02', '09:00', 'America/New_York'))).toBe('2026-12-02T14:00:00.000Z');
    expect(iso(appointmentStart('2026-12-02', '09:00', 'Asia/Tokyo'))).toBe('2026-12-02T00:00:00.000Z');
    expect(iso(appointmentStart('2026-12-02', 'afternoon', 'Asia/Tokyo'))).toBe('2026-12-02T03:00:00.000Z');
    expect(iso(appointmentStart('2026-12-02', 'any', 'Asia/Tokyo'))).toBe('2026-12-01T23:00:00.000Z');
  });
  it('fire 24 h before (useful until 2 h before) and 2 h before (useful until the start)', () => {
    const start = at('2026-12-02T08:00:00Z');
    const { tomorrow, soon } = appointmentWindows(start);
    expect([iso(tomorrow.fire), iso(tomorrow.usefulUntil)]).toEqual(['2026-12-01T08:00:00.000Z', '2026-12-02T06:00:00.000Z']);
    expect([iso(soon.fire), iso(soon.usefulUntil)]).toEqual(['2026-12-02T06:00:00.000Z', '2026-12-02T08:00:00.000Z']);
  });
});

describe('doseWindows', () => {
  it('reminds at the due time for an hour, then says it is not logged until the day ends on the patient’s clock', () => {
    // 08:00 in Tokyo (UTC+9) is 23:00 UTC the day before; the day ends at 15:00 UTC.
    const { due, missed } = doseWindows(at('2026-12-01T23:00:00Z'), '2026-12-02', 'Asia/Tokyo');
    expect([iso(due.fire), iso(due.usefulUntil)]).toEqual(['2026-12-01T23:00:00.000Z', '2026-12-02T00:00:00.000Z']);
    expect([iso(missed.fire), iso(missed.usefulUntil)]).toEqual(['2026-12-02T00:00:00.000Z', '2026-12-02T15:00:00.000Z']);
  });
  it('gives a dose whose hour ends after midnight an hour to say it is not logged', () => {
    // 23:30 in New York (UTC-5): its hour ends at 00:30 the next day, past the day's end.
    const { missed } = doseWindows(at('2026-12-03T04:30:00Z'), '2026-12-02', 'America/New_York');
    expect([iso(missed.fire), iso(missed.usefulUntil)]).toEqual(['2026-12-03T05:30:00.000Z', '2026-12-03T06:30:00.000Z']);
  });
});

describe('weeklyDigestWindow', () => {
  it('is of the Monday of the patient’s week, fired at 09:00 there, useful until the next Monday’s', () => {
    const { monday, window } = weeklyDigestWindow('2026-12-02', 'Europe/Berlin', at('2026-11-30T07:00:00Z'));
    expect(monday).toBe('2026-11-30');
    expect([iso(window.fire), iso(window.usefulUntil)]).toEqual(['2026-11-30T08:00:00.000Z', '2026-12-07T08:00:00.000Z']);
  });
  it('fires when found later in the week', () => {
    const now = at('2026-12-03T15:00:00Z');
    const { monday, window } = weeklyDigestWindow('2026-12-03', 'Europe/Berlin', now);
    expect(monday).toBe('2026-11-30');
    expect(window.fire).toEqual(now);
  });
  it('takes a Sunday as the end of its week', () => {
    expect(weeklyDigestWindow('2026-12-06', 'Europe/Berlin', at('2026-12-06T12:00:00Z')).monday).toBe('2026-11-30');
  });
});

describe('daysOfSupply', () => {
  const week = [1, 1, 1, 1, 1, 1, 1, 1];
  it('counts the whole days a supply covers, one unit a dose', () => {
    expect(daysOfSupply(7, week)).toBe(7);
    expect(daysOfSupply(3, [2, 2, 2, 2])).toBe(1);
    expect(daysOfSupply(0, week)).toBe(0);
    expect(daysOfSupply(-2, week)).toBe(0);
  });
  it('is null when the supply covers every day given', () => {
    expect(daysOfSupply(8, week)).toBeNull();
    expect(daysOfSupply(7, [0, 1, 1, 1, 1, 1, 1, 1])).toBeNull();
  });
  it('is null for a course that ends within the days with enough left for it', () => {
    expect(daysOfSupply(3, [1, 1, 1, 0, 0, 0, 0, 0])).toBeNull();
  });
  it('passes over days without doses', () => {
    expect(daysOfSupply(1, [0, 0, 2])).toBe(2);
  });
});
