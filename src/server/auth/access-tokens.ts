import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import { ACCESS_TOKEN_DEFAULT_DAYS, type AccessTokenScope } from '../../shared/rules/sign-in';
import type { Database } from '../db/client';
import { accessTokens } from '../db/schema/index';
import { hashSecret, newSecret } from './secrets';

// Personal access tokens for scripts and n8n workflows (ADR 17), sent as `Authorization: Bearer ha_pat_…`.

/** Every token starts so: recognisable in a config file or a leak scanner, and never mistaken for a session id. */
export const ACCESS_TOKEN_PREFIX = 'ha_pat_';
/** The prefix and 43 characters of base64url (32 random bytes). */
const TOKEN_LENGTH = ACCESS_TOKEN_PREFIX.length + 43;
const TOUCH_EVERY_MS = 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** A token as Settings lists it: never its hash. */
const summary = {
  id: accessTokens.id,
  name: accessTokens.name,
  scope: accessTokens.scope,
  createdAt: accessTokens.createdAt,
  lastUsedAt: accessTokens.lastUsedAt,
  revokedAt: accessTokens.revokedAt,
  expiresAt: accessTokens.expiresAt,
};

/**
 * A new token's row as listed, and the token itself: shown once, when made; never stored. It works for
 * `expiresInDays` from now (30 unless told), or for good when that is null.
 */
export async function createAccessToken(
  db: Database,
  userId: number,
  name: string,
  scope: AccessTokenScope,
  now = new Date(),
  expiresInDays: number | null = ACCESS_TOKEN_DEFAULT_DAYS,
  /** Made while the app was open (auth/made-while-open.ts): set apart until the first way in settles it. */
  madeWhileOpen = false,
) {
  const token = `${ACCESS_TOKEN_PREFIX}${newSecret()}`;
  const expiresAt = expiresInDays === null ? null : new Date(now.getTime() + expiresInDays * DAY_MS);
  const [row] = await db
    .insert(accessTokens)
    .values({ userId, name, scope, tokenHash: hashSecret(token), createdAt: now, expiresAt, madeWhileOpen })
    .returning(summary);
  return { ...row!, token };
}

export interface TokenHolder {
  userId: number;
  scope: AccessTokenScope;
  tokenId: number;
}

/**
 * Whose token this is and what it may do, or null: not one of ours, revoked, or expired (the same 401 for all).
 * Last used moves on at most once a minute.
 */
export async function resolveAccessToken(db: Database, presented: string, now = new Date()): Promise<TokenHolder | null> {
  if (presented.length !== TOKEN_LENGTH || !presented.startsWith(ACCESS_TOKEN_PREFIX)) return null;
  const [row] = await db
    .select()
    .from(accessTokens)
    .where(
      and(
        eq(accessTokens.tokenHash, hashSecret(presented)),
        isNull(accessTokens.revokedAt),
        or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, now)),
      ),
    );
  if (!row) return null;
  if (row.lastUsedAt === null || now.getTime() - row.lastUsedAt.getTime() >= TOUCH_EVERY_MS) {
    await db.update(accessTokens).set({ lastUsedAt: now }).where(eq(accessTokens.id, row.id));
  }
  return { userId: row.userId, scope: row.scope, tokenId: row.id };
}

/** Revokes one of the account's tokens: true when it was open, false when it is not theirs or already revoked. */
export async function revokeAccessToken(db: Database, userId: number, tokenId: number, now = new Date()): Promise<boolean> {
  const revoked = await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(accessTokens.id, tokenId), eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)))
    .returning({ id: accessTokens.id });
  return revoked.length === 1;
}

/** The account's tokens, newest first, without their hashes: for Settings → Security. */
export function listAccessTokens(db: Database, userId: number) {
  return db
    .select(summary)
    .from(accessTokens)
    .where(eq(accessTokens.userId, userId))
    .orderBy(desc(accessTokens.createdAt), desc(accessTokens.id));
}
