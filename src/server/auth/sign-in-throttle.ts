import { and, count, eq, gt, isNull, lte, max, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { signInAttempts } from '../db/schema/index';
import { clientKey } from './client-key';

// The limit on guessing (ADR 17): per client and over all clients, a growing wait once a few attempts have gone
// unforgiven. Counted in the database, so every instance on one PostgreSQL shares the count. A client is its address
// (an IPv6 one by its /64, auth/client-key.ts) or, for a browser that signed in before, its device cookie (issue 29):
// such a device is counted on its own and never held back by anyone else's failures, so that a stranger's guessing,
// from one address or ten, cannot keep the owner out.

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

/** Who is guessing: the connecting address, and the SHA-256 of a known device cookie when the browser carries one. */
export interface GuessingClient {
  address: string | null | undefined;
  /** signInDevices.idHash of the device cookie, when it names a device of this install; else null. */
  deviceHash: string | null;
}

/** The rows that are this client's own attempts. */
function ownAttempts(client: GuessingClient) {
  return client.deviceHash !== null
    ? eq(signInAttempts.deviceHash, client.deviceHash)
    : and(eq(signInAttempts.clientAddress, clientKey(client.address)), isNull(signInAttempts.deviceHash));
}

/** Seconds to wait after the latest attempt, once `attempts` have been made where `free` are free. */
export function waitSeconds(attempts: number, free: number, perDoubling: number, rules: ThrottleRules): number {
  if (attempts < free) return 0;
  return Math.min(2 ** Math.floor((attempts - free) / perDoubling), rules.maxWaitSeconds);
}

/**
 * May this client try a secret now? If so, the attempt is counted before the secret is checked (so a burst of
 * requests at once is counted as a burst), and forgiveSignInAttempts() takes it back when the sign-in succeeds.
 * Counting and claiming hold one lock, on every instance: of ten requests at once, only the free ones pass. A known
 * device waits only for its own attempts; every other client for its address's and for all such clients' together.
 */
export async function claimSignInAttempt(db: Database, client: GuessingClient | string, now = new Date(), rules = SIGN_IN_THROTTLE): Promise<AttemptClaim> {
  const guessing: GuessingClient = typeof client === 'string' ? { address: client, deviceHash: null } : client;
  const clientAddress = clientKey(guessing.address);
  const since = new Date(now.getTime() - rules.windowMinutes * 60_000);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${THROTTLE_LOCK_KEY})`);
    await tx.delete(signInAttempts).where(lte(signInAttempts.at, since));
    const [mine] = await tx
      .select({ attempts: count(), latest: max(signInAttempts.at) })
      .from(signInAttempts)
      .where(and(ownAttempts(guessing), gt(signInAttempts.at, since)));
    const waits = [{ wait: waitSeconds(mine?.attempts ?? 0, rules.freePerAddress, 1, rules), latest: mine?.latest ?? null }];
    if (guessing.deviceHash === null) {
      const [all] = await tx
        .select({ attempts: count(), latest: max(signInAttempts.at) })
        .from(signInAttempts)
        .where(and(gt(signInAttempts.at, since), isNull(signInAttempts.deviceHash)));
      waits.push({ wait: waitSeconds(all?.attempts ?? 0, rules.freeOverall, 10, rules), latest: all?.latest ?? null });
    }
    const until = Math.max(...waits.map(({ wait, latest }) => (latest === null || wait === 0 ? 0 : new Date(latest).getTime() + wait * 1000)));
    if (until > now.getTime()) return { allowed: false, retryAfterSeconds: Math.ceil((until - now.getTime()) / 1000) };
    await tx.insert(signInAttempts).values({ clientAddress, deviceHash: guessing.deviceHash, at: now });
    return { allowed: true };
  });
}

/**
 * A sign-in from this client succeeded: its own attempts are forgiven, and only those (issue 29): a stranger at the
 * same address, or behind the same proxy, keeps their count.
 */
export async function forgiveSignInAttempts(db: Database, client: GuessingClient | string): Promise<void> {
  await db.delete(signInAttempts).where(ownAttempts(typeof client === 'string' ? { address: client, deviceHash: null } : client));
}

