import { describe, expect, it } from 'vitest';
import { createAccessEvent, createMedicalRecord, createPasskey, createPasskeyChallenge } from '../../testing/factories';
import { snapshotData, useTestDatabase } from '../../testing/test-app';
import { accounts, passkeyChallenges, passkeys, signInAttempts } from '../db/schema/index';
import { createAccessToken, resolveAccessToken } from './access-tokens';
import { listAccessEvents } from './access-log';
import { clientFacts } from './client-facts';
import { hashPassphrase } from './passphrase';
import { replaceRecoveryCodes, spendRecoveryCode } from './recovery-codes';
import { resetAccess } from './reset-access';
import { DEFAULT_SESSION_LIMITS, resolveSession, startSession } from './sessions';
import { issueSetupCode, spendSetupCode } from './setup-codes';
import { claimSignInAttempt } from './sign-in-throttle';

const t = useTestDatabase();
const now = new Date('2026-11-25T09:00:00Z');
const later = new Date('2026-11-25T09:01:00Z');
const laptop = clientFacts('Chrome on Linux', '127.0.0.1');

describe('resetting access', () => {
  it('removes every way in, for every account, and leaves the record as it was', async () => {
    await t.db.update(accounts).set({ passwordHash: await hashPassphrase('correct horse battery staple') });
    const codes = await replaceRecoveryCodes(t.db, t.userId);
    await spendRecoveryCode(t.db, t.userId, codes[0]!);
    const sessions = [
      await startSession(t.db, { userId: t.userId, patientId: t.userId }, laptop, DEFAULT_SESSION_LIMITS, now),
      await startSession(t.db, { userId: t.otherUserId, patientId: t.otherUserId }, laptop, DEFAULT_SESSION_LIMITS, now),
    ];
    const { token } = await createAccessToken(t.db, t.userId, 'n8n', 'read-write', now);
    const setupCode = await issueSetupCode(t.db, now);
    await createPasskey(t.db, t.userId, { name: 'Laptop' });
    await createPasskey(t.db, t.userId, { name: 'Phone' });
    await createPasskey(t.db, t.otherUserId);
    await createPasskeyChallenge(t.db, t.userId);
    await createPasskeyChallenge(t.db, t.userId, { purpose: 'sign-in', userId: null });
    // Fifteen attempts not forgiven: that address would wait 15 minutes.
    await t.db.insert(signInAttempts).values(Array.from({ length: 15 }, () => ({ clientAddress: '10.0.0.9', at: now })));
    expect((await claimSignInAttempt(t.db, '10.0.0.9', later)).allowed).toBe(false);
    await createMedicalRecord(t.db, t.userId);
    await createAccessEvent(t.db, t.userId, { kind: 'signed_in', at: now });
    const { users: usersBefore, medical_records: recordsBefore, medical_record_chunks: chunksBefore } = await snapshotData(t.db);

    expect(await resetAccess(t.db, later)).toEqual({ passphrases: 2, passkeys: 3, sessions: 2, recoveryCodes: 9, tokens: 1 });

    expect(await t.db.select({ passwordHash: accounts.passwordHash }).from(accounts)).toEqual([{ passwordHash: null }, { passwordHash: null }]);
    for (const { id } of sessions) expect(await resolveSession(t.db, id, DEFAULT_SESSION_LIMITS, later)).toBeNull();
    for (const code of codes) expect(await spendRecoveryCode(t.db, t.userId, code, later)).toBe(false);
    expect(await resolveAccessToken(t.db, token, later)).toBeNull();
    expect(await spendSetupCode(t.db, setupCode, later)).toBe(false);
    expect(await t.db.select().from(passkeys)).toEqual([]);
    expect(await t.db.select().from(passkeyChallenges)).toEqual([]);
    expect(await claimSignInAttempt(t.db, '10.0.0.9', later)).toEqual({ allowed: true });
    for (const userId of [t.userId, t.otherUserId]) expect((await listAccessEvents(t.db, userId))[0]).toMatchObject({ kind: 'access_reset', at: later });

    const after = await snapshotData(t.db);
    expect(after.medical_records).toEqual(recordsBefore);
    expect(after.medical_record_chunks).toEqual(chunksBefore);
    expect(after.users).toEqual(usersBefore);
  });

  it('on an install nobody has protected yet, changes nothing but the log', async () => {
    expect(await resetAccess(t.db, later)).toEqual({ passphrases: 0, passkeys: 0, sessions: 0, recoveryCodes: 0, tokens: 0 });
    expect(await listAccessEvents(t.db, t.userId)).toEqual([expect.objectContaining({ kind: 'access_reset' })]);
  });
});
