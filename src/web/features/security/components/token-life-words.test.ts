import { describe, expect, it } from 'vitest';
import { lifeDays, lifeOption, tokenLifeWords, TOKEN_LIFE_OPTIONS } from './token-life-words';

const now = new Date('2026-11-28T12:00:00');
const token = { expiresAt: null, lastUsedAt: null, revokedAt: null };

describe('tokenLifeWords', () => {
  it('names when an open token stops working, and its last use', () => {
    expect(tokenLifeWords({ ...token, expiresAt: '2026-12-28T12:00:00' }, now)).toEqual({ expiry: 'Expires Dec 28, 2026', expired: null, use: 'Never used' });
    expect(tokenLifeWords({ ...token, lastUsedAt: '2026-11-28T09:05:00' }, now)).toEqual({ expiry: 'Never expires', expired: null, use: 'Last used Today, 9:05 AM' });
  });

  it('marks an expired token, and says nothing of the expiry of a revoked one', () => {
    expect(tokenLifeWords({ ...token, expiresAt: '2026-11-27T12:00:00' }, now)).toMatchObject({ expiry: null, expired: 'Expired Nov 27, 2026' });
    expect(tokenLifeWords({ ...token, expiresAt: '2026-12-28T12:00:00', revokedAt: '2026-11-27T12:00:00' }, now)).toMatchObject({ expiry: null, expired: null });
  });
});

describe('the form’s choice of a life', () => {
  it('offers 30 days (the default), 90 days, 1 year and never, and sends their days', () => {
    expect(TOKEN_LIFE_OPTIONS.map(({ label }) => label)).toEqual(['30 days', '90 days', '1 year', 'Never']);
    expect(lifeOption(undefined)).toBe('30');
    expect(lifeOption(null)).toBe('never');
    expect(TOKEN_LIFE_OPTIONS.map(({ value }) => lifeDays(value))).toEqual([30, 90, 365, null]);
  });
});
