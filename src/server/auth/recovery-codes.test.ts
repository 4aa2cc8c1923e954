import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/test-app';
import { recoveryCodes } from '../db/schema/index';
import { listAccessEvents, recordAccessEvent } from './access-log';
import { clientFacts } from './client-facts';
import { replaceRecoveryCodes, spendRecoveryCode, unusedRecoveryCodes } from './recovery-codes';

const t = useTestDatabase();

describe('recovery codes', () => {
  it('are ten, shown once and stored only as hashes', async () => {
    const codes = await replaceRecoveryCodes(t.db, t.userId);
    expect(codes).toHaveLength(10);
    const stored = JSON.stringify(await t.db.select().from(recoveryCodes));
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace(/-/g, ''));
    }
    expect(await unusedRecoveryCodes(t.db, t.userId)).toBe(10);
  });

  it('each open once: the second time, and for another account, a code is refused', async () => {
    const [code] = await replaceRecoveryCodes(t.db, t.userId);
    expect(await spendRecoveryCode(t.db, t.otherUserId, code!)).toBe(false);
    expect(await spendRecoveryCode(t.db, t.userId, code!.toLowerCase())).toBe(true);
    expect(await spendRecoveryCode(t.db, t.userId, code!)).toBe(false);
    expect(await unusedRecoveryCodes(t.db, t.userId)).toBe(9);
  });

  it('spent twice at once: exactly one wins', async () => {
    const [code] = await replaceRecoveryCodes(t.db, t.userId);
    const results = await Promise.all(Array.from({ length: 5 }, () => spendRecoveryCode(t.db, t.userId, code!)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('stop working when new ones are made', async () => {
    const old = await replaceRecoveryCodes(t.db, t.userId);
    await spendRecoveryCode(t.db, t.userId, old[0]!);
    const fresh = await replaceRecoveryCodes(t.db, t.userId);
    for (const code of old) expect(await spendRecoveryCode(t.db, t.userId, code)).toBe(false);
    expect(await spendRecoveryCode(t.db, t.userId, fresh[3]!)).toBe(true);
    expect(await unusedRecoveryCodes(t.db, t.userId)).toBe(9);
  });

  it('refuse what is not a code, without asking the database to compare it', async () => {
    await replaceRecoveryCodes(t.db, t.userId);
    for (const typed of ['', 'nope', 'A'.repeat(10_000), '\u0000'.repeat(16)]) expect(await spendRecoveryCode(t.db, t.userId, typed)).toBe(false);
  });
});

describe('the access log', () => {
  it("lists the account's events newest first, with the device, and those of no account (a failure names nobody), not another's", async () => {
    const laptop = clientFacts('Chrome on Linux', '127.0.0.1');
    await recordAccessEvent(t.db, t.userId, 'passphrase_set', laptop, new Date('2026-11-25T09:00:00Z'));
    await recordAccessEvent(t.db, t.userId, 'signed_in', laptop, new Date('2026-11-25T09:05:00Z'));
    await recordAccessEvent(t.db, t.otherUserId, 'sign_in_failed', laptop, new Date('2026-11-25T09:06:00Z'));
    await recordAccessEvent(t.db, null, 'sign_in_failed', clientFacts(null, '10.0.0.9'), new Date('2026-11-25T09:07:00Z'));
    expect((await listAccessEvents(t.db, t.userId)).map(({ id: _id, ...event }) => event)).toEqual([
      { kind: 'sign_in_failed', at: new Date('2026-11-25T09:07:00Z'), ...clientFacts(null, '10.0.0.9') },
      { kind: 'signed_in', at: new Date('2026-11-25T09:05:00Z'), ...laptop },
      { kind: 'passphrase_set', at: new Date('2026-11-25T09:00:00Z'), ...laptop },
    ]);
  });
});
