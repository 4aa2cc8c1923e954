import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/test-app';
import { signInAttempts } from '../db/schema/index';
import { claimSignInAttempt, forgiveSignInAttempts, SIGN_IN_THROTTLE, waitSeconds } from './sign-in-throttle';

const t = useTestDatabase();

const start = new Date('2026-11-25T09:00:00Z');
const seconds = (count: number) => new Date(start.getTime() + count * 1000);

/** `count` attempts from `address`, a second apart from `from`; all must be allowed. */
async function attempts(address: string, count: number, from = 0) {
  for (let index = 0; index < count; index += 1) expect(await claimSignInAttempt(t.db, address, seconds(from + index))).toEqual({ allowed: true });
}

describe('sign-in attempts from one address', () => {
  it('are free five times, then wait 1, 2, 4, 8 … seconds after the latest, at most 15 minutes', async () => {
    await attempts('192.168.1.20', 5);
    // The fifth was at second 4: the sixth may come a second later, not before.
    expect(await claimSignInAttempt(t.db, '192.168.1.20', seconds(4.5))).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(await claimSignInAttempt(t.db, '192.168.1.20', seconds(5))).toEqual({ allowed: true });
    expect(await claimSignInAttempt(t.db, '192.168.1.20', seconds(6))).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(await claimSignInAttempt(t.db, '192.168.1.20', seconds(7))).toEqual({ allowed: true });
    expect(await claimSignInAttempt(t.db, '192.168.1.20', seconds(8))).toEqual({ allowed: false, retryAfterSeconds: 3 });
    expect(waitSeconds(15, 5, 1, SIGN_IN_THROTTLE)).toBe(900);
  });

  it('never hold back another address, below the overall count', async () => {
    await attempts('192.168.1.20', 5);
    expect((await claimSignInAttempt(t.db, '192.168.1.20', seconds(4.5))).allowed).toBe(false);
    expect(await claimSignInAttempt(t.db, '192.168.1.21', seconds(4.5))).toEqual({ allowed: true });
  });

  it('are forgiven by a sign-in that succeeds', async () => {
    await attempts('192.168.1.20', 5);
    await forgiveSignInAttempts(t.db, '192.168.1.20');
    await attempts('192.168.1.20', 5, 5);
  });

  it('count for 15 minutes, and are pruned after', async () => {
    await attempts('192.168.1.20', 5);
    expect(await claimSignInAttempt(t.db, '192.168.1.20', seconds(15 * 60 + 3))).toEqual({ allowed: true });
    // Four of the five are out of the window now: one left and the new one.
    expect(await t.db.select().from(signInAttempts)).toHaveLength(2);
  });

  it('from an address longer than any real one, or none, are counted like any other', async () => {
    await attempts('f'.repeat(100), 5);
    expect((await claimSignInAttempt(t.db, 'f'.repeat(100), seconds(4.5))).allowed).toBe(false);
    await attempts('', 5);
    expect((await claimSignInAttempt(t.db, '', seconds(4.5))).allowed).toBe(false);
  });

  it('at once, thirty of them: exactly the five free ones pass', async () => {
    const claims = await Promise.all(Array.from({ length: 30 }, () => claimSignInAttempt(t.db, '192.168.1.20', start)));
    expect(claims.filter((claim) => claim.allowed)).toHaveLength(5);
  });
});

describe('sign-in attempts from everywhere', () => {
  it('are free fifty times in 15 minutes; then every address waits, doubling each ten', async () => {
    for (let index = 0; index < 50; index += 1) expect((await claimSignInAttempt(t.db, `10.0.0.${index}`, seconds(index))).allowed).toBe(true);
    expect(await claimSignInAttempt(t.db, '192.168.1.20', seconds(49.5))).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(await claimSignInAttempt(t.db, '192.168.1.20', seconds(50))).toEqual({ allowed: true });
    expect(waitSeconds(60, 50, 10, SIGN_IN_THROTTLE)).toBe(2);
  });
});
