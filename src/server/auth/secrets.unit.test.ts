import { describe, expect, it } from 'vitest';
import {
  hashCode,
  hashSecret,
  newRecoveryCodes,
  newSecret,
  newSetupCode,
  normalizeCode,
  RECOVERY_CODE_CHARACTERS,
  sameHash,
  SETUP_CODE_CHARACTERS,
} from './secrets';

describe('secrets', () => {
  it('are 32 random bytes, kept only as their SHA-256', () => {
    const secrets = new Set(Array.from({ length: 200 }, () => newSecret()));
    expect(secrets.size).toBe(200);
    for (const secret of secrets) expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [secret] = secrets;
    expect(hashSecret(secret!)).toBe(hashSecret(secret!));
    expect(hashSecret(secret!)).not.toContain(secret!);
    expect(hashSecret('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0'); // SHA-256 of "abc"
  });

  it('compare their hashes by value', () => {
    expect(sameHash(hashSecret('a'), hashSecret('a'))).toBe(true);
    expect(sameHash(hashSecret('a'), hashSecret('b'))).toBe(false);
    expect(sameHash('short', 'longer')).toBe(false);
  });
});

describe('recovery codes', () => {
  it('are ten different codes of 16 symbols of Crockford base32 (80 bits), shown in groups of four', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
  });

  it('are read as typed: any case, spaces or dashes, O for 0, I or L for 1', () => {
    const [code] = newRecoveryCodes(1);
    const stored = hashCode(code!, RECOVERY_CODE_CHARACTERS);
    expect(hashCode(code!.toLowerCase().replace(/-/g, ' '), RECOVERY_CODE_CHARACTERS)).toBe(stored);
    expect(normalizeCode('oooo-iiii-llll-0000', RECOVERY_CODE_CHARACTERS)).toBe('0000111111110000');
  });

  it('refuse what cannot be a code', () => {
    for (const typed of ['', 'ABCD-EFGH-JKMN', 'ABCD-EFGH-JKMN-PQRS-T', 'ABCD-EFGH-JKMN-PQR!', 'ÄBCD-EFGH-JKMN-PQRS', 'ABCD-EFGH-JKMN-PQRU']) {
      expect(normalizeCode(typed, RECOVERY_CODE_CHARACTERS)).toBeNull();
      expect(hashCode(typed, RECOVERY_CODE_CHARACTERS)).toBeNull();
    }
  });
});

describe('a setup code', () => {
  it('is 10 symbols (50 bits) in two groups of five, different each time', () => {
    const codes = new Set(Array.from({ length: 100 }, () => newSetupCode()));
    expect(codes.size).toBe(100);
    for (const code of codes) {
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
      expect(normalizeCode(code, SETUP_CODE_CHARACTERS)).toBe(code.replace('-', ''));
    }
  });
});
