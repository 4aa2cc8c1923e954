import { describe, expect, it } from 'vitest';
import { PASSPHRASE_MAX_LENGTH, PASSPHRASE_MIN_LENGTH, passphraseLength, passphraseProblem, signInMessages } from './sign-in';

describe('a passphrase to set', () => {
  it('has at least 12 and at most 256 characters, counted as a person sees them', () => {
    expect(passphraseProblem('a'.repeat(PASSPHRASE_MIN_LENGTH - 1))).toBe(signInMessages.tooShort);
    expect(passphraseProblem('a'.repeat(PASSPHRASE_MIN_LENGTH))).toBeNull();
    expect(passphraseProblem('a'.repeat(PASSPHRASE_MAX_LENGTH))).toBeNull();
    expect(passphraseProblem('a'.repeat(PASSPHRASE_MAX_LENGTH + 1))).toBe(signInMessages.tooLong);
    // Eleven emoji are 22 UTF-16 units but eleven characters.
    expect(passphraseLength('🩺'.repeat(11))).toBe(11);
    expect(passphraseProblem('🩺'.repeat(11))).toBe(signInMessages.tooShort);
    // 'e' and a combining accent are one character once normalised.
    expect(passphraseLength('e\u0301'.repeat(12))).toBe(12);
  });

  it('says how long it must be', () => {
    expect(signInMessages.tooShort).toBe('Use at least 12 characters: a few words you will remember work well');
  });
});
