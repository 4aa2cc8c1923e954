import { describe, expect, it } from 'vitest';
import { commonPassphraseMessages, commonPassphraseProblem } from './common-passphrases';

describe('commonPassphraseProblem', () => {
  it.each(['password1234', 'qwertyuiop123', 'PASSWORD1234', 'Ｐａｓｓｗｏｒｄ１２３４'])('refuses %s, one of the most commonly used (any case, any width)', async (passphrase) => {
    expect(await commonPassphraseProblem(passphrase)).toBe(commonPassphraseMessages.common);
  });

  it.each(['aaaaaaaaaaaa', 'iloveyou1234', 'abcdefghijklmnop', 'qwerty12qwerty12'])('refuses %s, easy to guess though on no list', async (passphrase) => {
    expect(await commonPassphraseProblem(passphrase)).toBe(commonPassphraseMessages.guessable);
  });

  it.each(['correct horse battery staple', 'my cat likes sardines at noon', 'purple elephant dances'])('accepts %s', async (passphrase) => {
    expect(await commonPassphraseProblem(passphrase)).toBeNull();
  });

  // zxcvbn's time grows faster than the length (passphrase-guessability.ts): only the first 64 characters are scored.
  // What follows them changes nothing either way; how long it takes is the bench's to say, not a test's.
  it('scores the first 64 characters only: what follows them neither saves nor sinks a passphrase', async () => {
    expect(await commonPassphraseProblem(`${'12'.repeat(32)} my cat likes sardines at noon by the old harbour`)).toBe(commonPassphraseMessages.guessable);
    expect(await commonPassphraseProblem(`correct horse battery staple ${'1qaz2wsx'.repeat(28)}`)).toBeNull();
  });
});
