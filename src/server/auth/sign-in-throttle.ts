import { and, count, eq, gt, lte, max, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { signInAttempts } from '../db/schema/index';
import { clientFacts } from './client-facts';

// The limit on guessing (ADR 17): per client address and over all addresses, a growing wait once a few attempts have
// gone unforgiven. Counted in the database, so every instance on one PostgreSQL shares the count.

export interface ThrottleRules {
  /** Attempts that count: those of the last this many minutes. */
  windowMinutes: number;
  /** Attempts one address may make at once before waits begin: 1 s, then 2, 4, 8 … */
  freePerAddress: number;
  /** Attempts all addresses together may make before waits begin for everyone; then each further ten double it. */
  freeOverall: number;
  /** No wait is longer than this. */
  maxWaitSeconds: number;
}

export const SIGN_IN_THROTTLE: ThrottleRules = { windowMinutes: 15, freePerAddress: 5, freeOverall: 50, maxWaitSeconds: 15 * 60 };

/** Any number from this constant identifies the sign-in count among other advisory locks (see db/client.ts). */
const THROTTLE_LOCK_KEY = 727_274_003;

export type AttemptClaim = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Seconds to wait after the latest attempt, once `attempts` have been made where `free` are free. */
export function waitSeconds(attempts: number, free: number, perDoubling: number, rules: ThrottleRules): number {
  if (attempts < free) return 0;
  return Math.min(2 ** Math.floor((attempts - free) / perDoubling), rules.maxWaitSeconds);
}

/**
 * May this address try a secret now? If so, the attempt is counted before the secret is checked (so a burst of
 * requests at once is counted as a burst), and forgiveSignInAttempts() takes it back when the sign-in succeeds.
 * Counting and claiming hold one lock, on every instance: of ten requests at once, only the free ones pass.
 */
export async function claimSignInAttempt(db: Database, address: string, now = new Date(), rules = SIGN_IN_THROTTLE): Promise<AttemptClaim> {
  // Kept as sessions keep it (64 characters at most); no address at all counts as ''.
  const clientAddress = clientFacts(null, address).clientAddress ?? '';
  const since = new Date(now.getTime() - rules.windowMinutes * 60_000);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${THROTTLE_LOCK_KEY})`);
    await tx.delete(signInAttempts).where(lte(signInAttempts.at, since));
    const [mine] = await tx
      .select({ attempts: count(), latest: max(signInAttempts.at) })
      .from(signInAttempts)
      .where(and(eq(signInAttempts.clientAddress, clientAddress), gt(signInAttempts.at, since)));
    const [all] = await tx
      .select({ attempts: count(), latest: max(signInAttempts.at) })
      .from(signInAttempts)
      .where(gt(signInAttempts.at, since));
    const waits = [
      { wait: waitSeconds(mine?.attempts ?? 0, rules.freePerAddress, 1, rules), latest: mine?.latest ?? null },
      { wait: waitSeconds(all?.attempts ?? 0, rules.freeOverall, 10, rules), latest: all?.latest ?? null },
    ];
    const until = Math.max(...waits.map(({ wait, latest }) => (latest === null || wait === 0 ? 0 : new Date(latest).getTime() + wait * 1000)));
    if (until > now.getTime()) return { allowed: false, retryAfterSeconds: Math.ceil((until - now.getTime()) / 1000) };
    await tx.insert(signInAttempts).values({ clientAddress, at: now });
    return { allowed: true };
  });
}

/**
 * A sign-in from this address succeeded: its attempts are forgiven, in the overall count too (a patient who signs
 * in is not the attack the overall count is for).
 */
export async function forgiveSignInAttempts(db: Database, address: string): Promise<void> {
  await db.delete(signInAttempts).where(eq(signInAttempts.clientAddress, clientFacts(null, address).clientAddress ?? ''));
}

