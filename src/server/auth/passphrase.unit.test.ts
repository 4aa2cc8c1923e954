import { describe, expect, it } from 'vitest';
import { hashPassphrase, needsRehash, SCRYPT_SETTING, verifyPassphrase } from './passphrase';

/** What the first run stored before ADR 17: the hash of a random password, in a form of its own. */
const UNUSABLE_OLD_HASH = 'scrypt$c2FsdHNhbHRzYWx0c2FsdA==$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U=';

describe('a passphrase', () => {
  it('is stored as a scrypt hash in PHC form with the setting of ADR 17, never as itself', async () => {
    const stored = await hashPassphrase('correct horse battery staple');
    expect(stored).toMatch(/^\$scrypt\$ln=14,r=8,p=5\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(stored).not.toContain('horse');
    expect(SCRYPT_SETTING).toEqual({ logN: 14, r: 8, p: 5 });
  });

  it('matches itself only, with a salt of its own each time', async () => {
    const passphrase = 'correct horse battery staple';
    const [first, second] = [await hashPassphrase(passphrase), await hashPassphrase(passphrase)];
    expect(first).not.toBe(second);
    expect(await verifyPassphrase(passphrase, first)).toBe(true);
    expect(await verifyPassphrase(passphrase, second)).toBe(true);
    expect(await verifyPassphrase('correct horse battery stapler', first)).toBe(false);
    expect(await verifyPassphrase('Correct horse battery staple', first)).toBe(false);
    expect(await verifyPassphrase('', first)).toBe(false);
  });

  it('is the same passphrase however its accents were typed (NFKC)', async () => {
    const composed = 'crème brûlée au café';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    expect(await verifyPassphrase(decomposed, await hashPassphrase(composed))).toBe(true);
  });

  it('never matches what is not a hash of this form: the unusable password of the first run, a damaged row', async () => {
    const stored = await hashPassphrase('correct horse battery staple');
    const damaged = [
      UNUSABLE_OLD_HASH,
      '',
      'correct horse battery staple',
      stored.replace('ln=14', 'ln=40'), // would take hours: refused, not computed
      stored.replace('p=5', 'p=0'),
      stored.slice(0, -4),
      `${stored}$`,
    ];
    for (const row of damaged) expect(await verifyPassphrase('correct horse battery staple', row)).toBe(false);
  });

  it('asks to be rehashed when stored with another setting, or not in this form', async () => {
    expect(needsRehash(await hashPassphrase('correct horse battery staple'))).toBe(false);
    const older = '$scrypt$ln=14,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    expect(needsRehash(older)).toBe(true);
    expect(await verifyPassphrase('anything at all', older)).toBe(false);
    expect(needsRehash(UNUSABLE_OLD_HASH)).toBe(true);
  });

  it('hashes one at a time, and a failure does not stop the next', async () => {
    const results = await Promise.all(['one passphrase here', 'two passphrase here', 'three passphrase'].map((p) => hashPassphrase(p)));
    expect(new Set(results).size).toBe(3);
    expect(await verifyPassphrase('two passphrase here', results[1]!)).toBe(true);
  });
});
