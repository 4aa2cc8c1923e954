import { and, desc, eq, gt, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sessions } from '../db/schema/index';
import type { ClientFacts } from './client-facts';
import { hashSecret, newSecret } from './secrets';

// Sessions kept on the server (ADR 17): the cookie holds a random id, the table its SHA-256, so every instance on one
// PostgreSQL sees every session and a copy of the database opens none.

export interface SessionLimits {
  /** A session not used for this long ends (SESSION_IDLE_MINUTES). */
  idleMinutes: number;
  /** A session ends this long after sign-in, however busy (SESSION_MAX_DAYS). */
  maxDays: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = { idleMinutes: 30, maxDays: 7 };

/** Last seen is written at most this often: a request costs one indexed read, not a write. */
export const TOUCH_EVERY_MS = 60_000;

/**
 * How often last seen moves on: once a minute, or a quarter of the idle timeout when that is shorter (a timeout of
 * seconds, set for a test), so that a session in use never looks idle.
 */
export function touchEveryMs(limits: SessionLimits): number {
  return Math.min(TOUCH_EVERY_MS, (limits.idleMinutes * MINUTE_MS) / 4);
}

/** Longer than any id newSecret() makes: what is longer is no session of ours, and is not hashed. */
const SESSION_ID_MAX_LENGTH = 128;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export interface Who {
  /** The account that signed in. */
  userId: number;
  /** The patient the session acts for. */
  patientId: number;
}

/** An open session as a request sees it: who, and what decides how far it may go (ADR 21). */
export interface OpenSession extends Who {
  /** The last fresh proof of who holds it: the sign-in, or a change of passphrase made in it. */
  provedAt: Date;
  /** 'Keep me signed in on this device': whether its cookie outlives the browser. */
  persistent: boolean;
  /** A way in changed from another device before this sign-in (told once signed in), or null. */
  credentialsChangedAt: Date | null;
}

export interface StartedSession {
  /** For the cookie only: never stored, never logged. */
  id: string;
  expiresAt: Date;
  persistent: boolean;
}

export interface SessionChoices {
  /** 'Keep me signed in on this device'; without it the cookie ends with the browser. */
  persistent: boolean;
  /** A way in changed from another device while this browser was away: told once signed in. */
  credentialsChangedAt?: Date | null;
}

/**
 * A new session with a new id: at every sign-in, so that an id known before it (fixation) opens nothing. The sign-in
 * is its first fresh proof.
 */
export async function startSession(
  db: Database,
  who: Who,
  client: ClientFacts,
  limits: SessionLimits,
  now = new Date(),
  choices: SessionChoices = { persistent: true },
): Promise<StartedSession> {
  const id = newSecret();
  const expiresAt = new Date(now.getTime() + limits.maxDays * DAY_MS);
  await db
    .insert(sessions)
    .values({
      idHash: hashSecret(id),
      ...who,
      createdAt: now,
      lastSeenAt: now,
      provedAt: now,
      expiresAt,
      persistent: choices.persistent,
      credentialsChangedAt: choices.credentialsChangedAt ?? null,
      ...client,
    });
  return { id, expiresAt, persistent: choices.persistent };
}

/**
 * The same session under a new id, its proof renewed (a passphrase changed in it): an id that leaked before the change
 * opens nothing after it. Null when the session is not open any more.
 */
export async function renewSessionId(db: Database, id: string, now = new Date()): Promise<StartedSession | null> {
  if (id.length === 0 || id.length > SESSION_ID_MAX_LENGTH) return null;
  const newId = newSecret();
  return db.transaction(async (tx) => {
    const [old] = await tx.delete(sessions).where(eq(sessions.idHash, hashSecret(id))).returning();
    if (!old) return null;
    await tx.insert(sessions).values({ ...old, idHash: hashSecret(newId), provedAt: now, lastSeenAt: now, credentialsChangedAt: null });
    return { id: newId, expiresAt: old.expiresAt, persistent: old.persistent };
  });
}

/** Whether a session last seen at `lastSeenAt` and ending at `expiresAt` is still open at `now`. */
function isOpen(row: { lastSeenAt: Date; expiresAt: Date }, limits: SessionLimits, now: Date): boolean {
  return row.expiresAt.getTime() > now.getTime() && row.lastSeenAt.getTime() + limits.idleMinutes * MINUTE_MS > now.getTime();
}

/**
 * Who the session with this id acts for, or null when there is none open: unknown, idle too long, or past its end (an
 * ended one is deleted). Its last-seen time moves on at most once a minute.
 */
export async function resolveSession(db: Database, id: string, limits: SessionLimits, now = new Date()): Promise<OpenSession | null> {
  if (id.length === 0 || id.length > SESSION_ID_MAX_LENGTH) return null;
  const idHash = hashSecret(id);
  const [row] = await sessionByHash(db).execute({ idHash });
  if (!row) return null;
  if (!isOpen(row, limits, now)) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() >= touchEveryMs(limits)) {
    await db.update(sessions).set({ lastSeenAt: now }).where(and(eq(sessions.idHash, idHash), lte(sessions.lastSeenAt, now)));
  }
  return { userId: row.userId, patientId: row.patientId, provedAt: row.provedAt, persistent: row.persistent, credentialsChangedAt: row.credentialsChangedAt };
}

/**
 * The session check runs on every request: its query is built once per database and prepared, so a request pays only
 * for the read itself (npm run bench -- sign-in).
 */
const preparedLookups = new WeakMap<Database, ReturnType<typeof prepareLookup>>();
function prepareLookup(db: Database) {
  return db
    .select({
      userId: sessions.userId,
      patientId: sessions.patientId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      provedAt: sessions.provedAt,
      persistent: sessions.persistent,
      credentialsChangedAt: sessions.credentialsChangedAt,
    })
    .from(sessions)
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .prepare('resolve_session');
}
function sessionByHash(db: Database) {
  let prepared = preparedLookups.get(db);
  if (!prepared) {
    prepared = prepareLookup(db);
    preparedLookups.set(db, prepared);
  }
  return prepared;
}

/** Logout, or a sign-in that replaces it: this session ends. Its 'keep me signed in', or null when there was none. */
export async function endSession(db: Database, id: string): Promise<{ persistent: boolean } | null> {
  if (id.length === 0 || id.length > SESSION_ID_MAX_LENGTH) return null;
  const [ended] = await db.delete(sessions).where(eq(sessions.idHash, hashSecret(id))).returning({ persistent: sessions.persistent });
  return ended ?? null;
}

/**
 * Every other session of the account ends ("end all other sessions", a new passphrase); with no session to keep
 * (a reset), all of them. Returns how many ended.
 */
export async function endOtherSessions(db: Database, userId: number, keepId: string | null): Promise<number> {
  const others = keepId === null ? undefined : ne(sessions.idHash, hashSecret(keepId));
  const ended = await db.delete(sessions).where(and(eq(sessions.userId, userId), others)).returning({ idHash: sessions.idHash });
  return ended.length;
}

export interface SessionSummary {
  createdAt: Date;
  lastSeenAt: Date;
  userAgent: string | null;
  clientAddress: string | null;
  /** The session that asks. */
  current: boolean;
}

/** The account's open sessions, most recently seen first, for Settings → Security. */
export async function listSessions(db: Database, userId: number, currentId: string | null, limits: SessionLimits, now = new Date()): Promise<SessionSummary[]> {
  const currentHash = currentId === null ? null : hashSecret(currentId);
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - limits.idleMinutes * MINUTE_MS)),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((row) => ({
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    userAgent: row.userAgent,
    clientAddress: row.clientAddress,
    current: row.idHash === currentHash,
  }));
}

/** Deletes every session that has ended, idle or past its end; run now and then (at start, at sign-in). */
export async function pruneSessions(db: Database, limits: SessionLimits, now = new Date()): Promise<number> {
  const idleSince = new Date(now.getTime() - limits.idleMinutes * MINUTE_MS);
  const pruned = await db
    .delete(sessions)
    .where(or(lte(sessions.expiresAt, now), lte(sessions.lastSeenAt, idleSince)))
    .returning({ idHash: sessions.idHash });
  return pruned.length;
}

/** Sessions of an account, open or not: for tests and the reset command's report. */
export async function countSessions(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(sessions).where(eq(sessions.userId, userId));
  return row?.count ?? 0;
}
