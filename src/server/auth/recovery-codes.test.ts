import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../testing/factories';
import { createTestDatabase } from '../../testing/test-database';
import type { Database, DatabaseHandle } from '../db/client';
import { wipeData } from '../db/reset';
import { recoveryCodes } from '../db/schema/index';
import { listAccessEvents, recordAccessEvent } from './access-log';
import { clientFacts } from './client-facts';
import { replaceRecoveryCodes, spendRecoveryCode, unusedRecoveryCodes } from './recovery-codes';

let database: DatabaseHandle;
let db: Database;
let userId: number;
let otherUserId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
beforeEach(async () => {
  await wipeData(db);
  userId = (await createUser(db)).id;
  otherUserId = (await createUser(db)).id;
});
afterAll(async () => {
  await database?.close();
});

describe('recovery codes', () => {
  it('are ten, shown once and stored only as hashes', async () => {
    const codes = await replaceRecoveryCodes(db, userId);
    expect(codes).toHaveLength(10);
    const stored = JSON.stringify(await db.select().from(recoveryCodes));
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace(/-/g, ''));
    }
    expect(await unusedRecoveryCodes(db, userId)).toBe(10);
  });

  it('each open once: the second time, and for another account, a code is refused', async () => {
    const [code] = await replaceRecoveryCodes(db, userId);
    expect(await spendRecoveryCode(db, otherUserId, code!)).toBe(false);
    expect(await spendRecoveryCode(db, userId, code!.toLowerCase())).toBe(true);
    expect(await spendRecoveryCode(db, userId, code!)).toBe(false);
    expect(await unusedRecoveryCodes(db, userId)).toBe(9);
  });

  it('spent twice at once: exactly one wins', async () => {
    const [code] = await replaceRecoveryCodes(db, userId);
    const results = await Promise.all(Array.from({ length: 5 }, () => spendRecoveryCode(db, userId, code!)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('stop working when new ones are made', async () => {
    const old = await replaceRecoveryCodes(db, userId);
    await spendRecoveryCode(db, userId, old[0]!);
    const fresh = await replaceRecoveryCodes(db, userId);
    for (const code of old) expect(await spendRecoveryCode(db, userId, code)).toBe(false);
    expect(await spendRecoveryCode(db, userId, fresh[3]!)).toBe(true);
    expect(await unusedRecoveryCodes(db, userId)).toBe(9);
  });

  it('refuse what is not a code, without asking the database to compare it', async () => {
    await replaceRecoveryCodes(db, userId);
    for (const typed of ['', 'nope', 'A'.repeat(10_000), '\u0000'.repeat(16)]) expect(await spendRecoveryCode(db, userId, typed)).toBe(false);
  });
});

describe('the access log', () => {
  it("lists the account's events newest first, with the device", async () => {
    const laptop = clientFacts('Chrome on Linux', '127.0.0.1');
    await recordAccessEvent(db, userId, 'passphrase_set', laptop, new Date('2026-11-25T09:00:00Z'));
    await recordAccessEvent(db, userId, 'signed_in', laptop, new Date('2026-11-25T09:05:00Z'));
    await recordAccessEvent(db, otherUserId, 'sign_in_failed', laptop, new Date('2026-11-25T09:06:00Z'));
    await recordAccessEvent(db, null, 'sign_in_failed', clientFacts(null, '10.0.0.9'), new Date('2026-11-25T09:07:00Z'));
    expect(await listAccessEvents(db, userId)).toEqual([
      { kind: 'signed_in', at: new Date('2026-11-25T09:05:00Z'), ...laptop },
      { kind: 'passphrase_set', at: new Date('2026-11-25T09:00:00Z'), ...laptop },
    ]);
  });
});
