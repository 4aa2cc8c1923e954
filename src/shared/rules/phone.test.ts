import { describe, expect, it } from 'vitest';
import { isPhoneNumber } from './phone';

describe('isPhoneNumber', () => {
  it.each([
    ['a US number with the area code in brackets', '(555) 201-3300'],
    ['an international number in groups', '+1 555 201 3300'],
    ['a UK number with its trunk zero in brackets', '+44 (0)20 7946 0018'],
    ['a national number with a leading zero', '030 1234567'],
    ['groups separated by dots', '555.201.3300'],
    ['an extension after an x', '(555) 201-3300 x12'],
    ["an extension after 'ext.'", '+49 30 1234567 ext. 12'],
    ['seven digits, the fewest', '555 0100'],
    ['fifteen digits, the most', '+123 456 789 012 345'],
    ['spaces around a dash', '555 - 201 - 3300'],
    ['spaces around the number', '  555-201-3300  '],
  ])('accepts %s: %j', (_case, text) => {
    expect(isPhoneNumber(text)).toBe(true);
  });

  it.each([
    ['nothing', ''],
    ['only spaces', '   '],
    ['letters', 'abc'],
    ['too few digits', '12345'],
    ['six digits', '555 010'],
    ['a doubled dash', '555--2013300'],
    ['doubled brackets', '((555)) 201'],
    ['a plus alone', '+'],
    ['sixteen digits', '1234567890123456'],
    ['brackets the wrong way round', '555)201(3300'],
    ['brackets around nothing', '() 555 201 3300'],
    ['a trailing dash', '555-201-3300-'],
    ['a leading dot', '.555 201 3300'],
    ['a plus inside the number', '555 +201 3300'],
    ['an extension with no digits', '555 201 3300 ext.'],
    ['letters among the digits', '555-CALL-NOW'],
  ])('refuses %s: %j', (_case, text) => {
    expect(isPhoneNumber(text)).toBe(false);
  });
});
