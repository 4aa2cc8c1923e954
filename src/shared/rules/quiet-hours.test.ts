import { describe, expect, it } from 'vitest';
import { quietHoursEnd } from './quiet-hours';

const NIGHT = { start: '22:00', end: '07:00' };
const zone = 'Europe/Berlin';
// 2026-11-28 in Berlin is UTC+1.
const at = (utc: string) => new Date(utc);

describe('quietHoursEnd', () => {
  it('is null outside the quiet hours', () => {
    expect(quietHoursEnd(at('2026-11-28T12:00:00Z'), zone, NIGHT)).toBeNull();
    expect(quietHoursEnd(at('2026-11-28T06:00:00Z'), zone, NIGHT)).toBeNull(); // 07:00 in Berlin: over
  });
  it('ends the next morning when it is late evening', () => {
    expect(quietHoursEnd(at('2026-11-28T22:30:00Z'), zone, NIGHT)?.toISOString()).toBe('2026-11-29T06:00:00.000Z');
  });
  it('ends this morning after midnight', () => {
    expect(quietHoursEnd(at('2026-11-29T01:00:00Z'), zone, NIGHT)?.toISOString()).toBe('2026-11-29T06:00:00.000Z');
  });
  it('reads the hours on the patient’s clock, not the server’s', () => {
    // 22:30 UTC is 17:30 in New York: not quiet there.
    expect(quietHoursEnd(at('2026-11-28T22:30:00Z'), 'America/New_York', NIGHT)).toBeNull();
  });
  it('handles quiet hours within one day, and none when start equals end', () => {
    expect(quietHoursEnd(at('2026-11-28T12:30:00Z'), zone, { start: '13:00', end: '15:00' })?.toISOString()).toBe('2026-11-28T14:00:00.000Z');
    expect(quietHoursEnd(at('2026-11-28T22:30:00Z'), zone, { start: '22:00', end: '22:00' })).toBeNull();
  });
});
