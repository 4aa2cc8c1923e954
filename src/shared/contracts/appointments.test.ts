import { describe, expect, it } from 'vitest';
import { to24HourTime } from './appointments';

describe('to24HourTime', () => {
  it.each([
    ['9:00 AM', '09:00'],
    ['09:00 AM', '09:00'],
    ['9:00AM', '09:00'],
    ['9:00 am', '09:00'],
    ['12:00 PM', '12:00'],
    ['12:30 AM', '00:30'],
    ['12:00 AM', '00:00'],
    ['1:15 PM', '13:15'],
    ['11:59 PM', '23:59'],
    ['14:30', '14:30'],
    ['00:00', '00:00'],
    ['23:59', '23:59'],
  ])('reads %j as %j', (input, expected) => {
    expect(to24HourTime(input)).toBe(expected);
  });

  it.each([
    '25:00',
    '24:00',
    '13:00 PM',
    '0:30 AM',
    '00:30 AM',
    '9:60 AM',
    '9 AM',
    '9:00',
    '9:0 AM',
    '12:00 XM',
    '14:30:00',
    ' 14:30',
    'noon',
    '',
  ])('answers null for %j', (input) => {
    expect(to24HourTime(input)).toBeNull();
  });
});
