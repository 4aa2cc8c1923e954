import { describe, expect, it } from 'vitest';
import { calendarDate, idString, optionalText } from './common';

describe('idString', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2_147_483_647],
  ])('reads %j as %d', (input, expected) => {
    expect(idString.parse(input)).toBe(expected);
  });

  it.each(['0', '-1', '01', '1e3', '0x1', ' 1', '1 ', '1.0', '1.5', 'abc', '', '2147483648', '99999999999'])(
    'refuses %j',
    (input) => {
      const result = idString.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('must be a positive whole number');
    },
  );

  it.each([1, null, undefined])('refuses the non-string %j', (input) => {
    expect(idString.safeParse(input).success).toBe(false);
  });
});

describe('calendarDate', () => {
  const schema = calendarDate();

  it.each([
    ['2026-03-15', '2026-03-15'],
    ['  2026-03-15  ', '2026-03-15'],
    ['2024-02-29', '2024-02-29'],
    ['2026-12-31', '2026-12-31'],
    ['2026-03-15T00:00:00Z', '2026-03-15'],
    ['2026-03-15T23:59:59.999Z', '2026-03-15'],
    ['2026-03-15T10:30Z', '2026-03-15'],
    // The written date is kept: not shifted to UTC nor to the server's zone.
    ['2026-03-15T23:30:00+05:30', '2026-03-15'],
    ['2026-03-15T00:30:00-08:00', '2026-03-15'],
    ['2026-03-15T01:00:00.123456789+14:00', '2026-03-15'],
  ])('reads %j as %j', (input, expected) => {
    expect(schema.parse(input)).toBe(expected);
  });

  it.each([
    '2026-02-30',
    '2026-02-29',
    '2026-13-01',
    '2026-00-10',
    '2026-04-31',
    '2026-04-00',
    '2026-3-5',
    '26-03-15',
    '2026/03/15',
    '15.03.2026',
    'March 15, 2026',
    '2026-03-15T10:00:00',
    '2026-03-15T10:00:00+0530',
    '2026-02-30T10:00:00Z',
    '2026-03-15junk',
    'garbage',
    '',
  ])('refuses %j', (input) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('must be a date (yyyy-MM-dd)');
  });

  it.each([null, undefined, 20260315])('refuses the non-string %j with the given message', (input) => {
    const result = calendarDate('Appointment date is required').safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Appointment date is required');
  });
});

describe('optionalText', () => {
  const schema = optionalText(10);

  it.each([
    ['hello', 'hello'],
    ['  hello  ', 'hello'],
    ['', null],
    ['   ', null],
    [null, null],
    [undefined, null],
    ['a'.repeat(10), 'a'.repeat(10)],
    [`  ${'a'.repeat(10)}  `, 'a'.repeat(10)],
  ])('reads %j as %j', (input, expected) => {
    expect(schema.parse(input)).toBe(expected);
  });

  it('refuses text over the limit once trimmed', () => {
    const result = schema.safeParse('a'.repeat(11));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('must be at most 10 characters');
  });

  it.each([42, true, {}, []])('refuses the non-string %j', (input) => {
    expect(schema.safeParse(input).success).toBe(false);
  });
});
