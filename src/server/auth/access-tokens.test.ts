import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/test-app';
import { accessTokens } from '../db/schema/index';
import { ACCESS_TOKEN_PREFIX, createAccessToken, listAccessTokens, resolveAccessToken, revokeAccessToken } from './access-tokens';
import { issueSetupCode, spendSetupCode } from './setup-codes';

const t = useTestDatabase();
const made = new Date('2026-11-25T09:00:00Z');
const later = (minutes: number) => new Date(made.getTime() + minutes * 60_000);
const DAY = 24 * 60;

describe('a personal access token', () => {
  it('is shown once as ha_pat_ and 43 characters, and stored only as its hash', async () => {
    const { token } = await createAccessToken(t.db, t.userId, 'n8n workflow', 'read', made);
    expect(token).toMatch(new RegExp(`^${ACCESS_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(JSON.stringify(await t.db.select().from(accessTokens))).not.toContain(token.slice(ACCESS_TOKEN_PREFIX.length));
    expect(await resolveAccessToken(t.db, token, later(1))).toEqual({ userId: t.userId, scope: 'read', tokenId: expect.any(Number) });
  });

  it('opens nothing when it is not one of ours', async () => {
    const { token } = await createAccessToken(t.db, t.userId, 'script', 'read-write', made);
    for (const presented of ['', token.slice(0, -1), `${token}x`, token.replace(ACCESS_TOKEN_PREFIX, 'ha_xxx_'), `${ACCESS_TOKEN_PREFIX}${'A'.repeat(43)}`]) {
      expect(await resolveAccessToken(t.db, presented, later(1))).toBeNull();
    }
  });

  it('stops working when revoked, by its owner only', async () => {
    const { token, id } = await createAccessToken(t.db, t.userId, 'script', 'read-write', made);
    expect(await revokeAccessToken(t.db, t.otherUserId, id, later(1))).toBe(false);
    expect(await resolveAccessToken(t.db, token, later(2))).not.toBeNull();
    expect(await revokeAccessToken(t.db, t.userId, id, later(3))).toBe(true);
    expect(await revokeAccessToken(t.db, t.userId, id, later(4))).toBe(false);
    expect(await resolveAccessToken(t.db, token, later(5))).toBeNull();
  });

  it('is listed with its name, scope and use, never its hash; last used written at most once a minute', async () => {
    const { token } = await createAccessToken(t.db, t.userId, 'n8n workflow', 'read', made);
    await resolveAccessToken(t.db, token, later(1));
    await resolveAccessToken(t.db, token, new Date(later(1).getTime() + 59_000));
    const [listed] = await listAccessTokens(t.db, t.userId);
    expect(listed).toEqual({
      id: expect.any(Number),
      name: 'n8n workflow',
      scope: 'read',
      createdAt: made,
      lastUsedAt: later(1),
      revokedAt: null,
      expiresAt: later(30 * DAY),
    });
    expect(await listAccessTokens(t.db, t.otherUserId)).toEqual([]);
  });

  it('works for 30 days unless told otherwise, then opens nothing, as a revoked one', async () => {
    const month = await createAccessToken(t.db, t.userId, 'script', 'read', made);
    const week = await createAccessToken(t.db, t.userId, 'trial', 'read', made, 7);
    expect(month.expiresAt).toEqual(later(30 * DAY));
    expect(await resolveAccessToken(t.db, week.token, later(7 * DAY - 1))).not.toBeNull();
    expect(await resolveAccessToken(t.db, week.token, later(7 * DAY))).toBeNull();
    expect(await resolveAccessToken(t.db, month.token, later(30 * DAY - 1))).not.toBeNull();
    expect(await resolveAccessToken(t.db, month.token, later(30 * DAY))).toBeNull();
  });

  it('works for good when made without an expiry', async () => {
    const forever = await createAccessToken(t.db, t.userId, 'home server', 'read-write', made, null);
    expect(forever.expiresAt).toBeNull();
    expect(await resolveAccessToken(t.db, forever.token, later(10 * 365 * DAY))).not.toBeNull();
  });
});

describe('a setup code', () => {
  it('works once, within the hour, as typed', async () => {
    const code = await issueSetupCode(t.db, made);
    expect(await spendSetupCode(t.db, 'ABCDE-FGHJK', later(1))).toBe(false);
    expect(await spendSetupCode(t.db, code.toLowerCase().replace('-', ' '), later(1))).toBe(true);
    expect(await spendSetupCode(t.db, code, later(2))).toBe(false);
  });

  it('stops working after an hour, or when a newer one is printed', async () => {
    const expired = await issueSetupCode(t.db, made);
    expect(await spendSetupCode(t.db, expired, later(60))).toBe(false);
    const old = await issueSetupCode(t.db, made);
    const newer = await issueSetupCode(t.db, made);
    expect(await spendSetupCode(t.db, old, later(1))).toBe(false);
    expect(await spendSetupCode(t.db, newer, later(1))).toBe(true);
  });

  it('spent twice at once: one wins', async () => {
    const code = await issueSetupCode(t.db, made);
    const results = await Promise.all(Array.from({ length: 5 }, () => spendSetupCode(t.db, code, later(1))));
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
