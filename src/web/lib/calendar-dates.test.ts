import { describe, expect, it } from 'vitest';
import { fromCalendarDate, selectableRange, toCalendarDate } from './calendar-dates';

const day = (year: number, month: number, date: number) => new Date(year, month - 1, date);

describe('calendar dates', () => {
  it.each([
    ['2027-03-05', day(2027, 3, 5)],
    ['2028-02-29', day(2028, 2, 29)],
    ['2027-02-29', undefined],
    ['2027-13-01', undefined],
    ['2027-3-5', undefined],
    ['2027-03-05T10:00:00Z', undefined],
    ['', undefined],
    [null, undefined],
  ])('%s → %s (local midnight)', (value, expected) => {
    expect(fromCalendarDate(value)).toEqual(expected);
  });

  it('writes a local day back as yyyy-MM-dd, whatever its time', () => {
    expect(toCalendarDate(new Date(2027, 0, 9, 23, 59))).toBe('2027-01-09');
    expect(toCalendarDate(fromCalendarDate('2027-12-31')!)).toBe('2027-12-31');
  });
});

describe('selectableRange', () => {
  const today = day(2027, 3, 10);
  it.each([
    [{}, {}],
    [{ disablePast: true }, { first: today }],
    [{ toDate: '2027-06-10' }, { last: day(2027, 6, 10) }],
    [{ disablePast: true, toDate: '2027-06-10' }, { first: today, last: day(2027, 6, 10) }],
    [{ disablePast: true, fromDate: '2027-03-01' }, { first: today }],
    [{ disablePast: true, fromDate: '2027-04-01' }, { first: day(2027, 4, 1) }],
    [{ fromDate: '2027-01-01', toDate: 'soon' }, { first: day(2027, 1, 1) }],
  ])('%o → %o', (window, expected) => {
    const { first, last } = selectableRange(window, today);
    expect({ first, last }).toEqual({ first: undefined, last: undefined, ...expected });
  });
});
