import { describe, expect, it } from 'vitest';
import { toE164 } from './e164';

describe('toE164', () => {
  it.each([
    ['a US number as people write it', '(212) 555-0123', 'US', '+12125550123'],
    ['a US number with dots and an extension (dropped)', '212.555.0123 x 12', 'US', '+12125550123'],
    ['a number with its own country code, whatever the default', '+44 (0)20 7946 0018', 'US', '+442079460018'],
    ['a British number written locally', '020 7946 0018', 'GB', '+442079460018'],
    ['a German number written locally', '030 1234567', 'DE', '+49301234567'],
    ['a number already in E.164', '+12125550123', 'DE', '+12125550123'],
  ] as const)('turns %s into E.164', (_case, phone, country, e164) => {
    expect(toE164(phone, country)).toBe(e164);
  });

  it.each([
    ["the demo's made-up (555) area code", '(555) 201-3300', 'US'],
    ['a number too short for its country', '555-0100', 'US'],
    ['a British number read as American', '020 7946 0018', 'US'],
    ['words', 'call the front desk', 'US'],
  ] as const)('refuses %s', (_case, phone, country) => {
    expect(toE164(phone, country)).toBeNull();
  });
});
