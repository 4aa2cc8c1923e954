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

  it('scores the first 64 characters only, so that 256 characters take no longer than 64', async () => {
    await commonPassphraseProblem('warm up the dictionaries');
    const started = performance.now();
    expect(await commonPassphraseProblem('12'.repeat(128))).toBe(commonPassphraseMessages.guessable);
    // About 550 ms on this machine when all 256 are scored, 23 ms for 64: generous for a slow, shared runner.
    expect(performance.now() - started).toBeLessThan(250);
    expect(await commonPassphraseProblem(`correct horse battery staple ${'1qaz2wsx'.repeat(28)}`)).toBeNull();
  });
});
