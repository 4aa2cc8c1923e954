import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { signInDevices } from '../db/schema/index';
import { hashSecret, newSecret } from './secrets';

// Browsers that signed in before (issue 29): known by their device cookie, kept only as its SHA-256.

/** How long a device is remembered after its last sign-in: its cookie lasts as long (http/device-cookie.ts). */
export const DEVICE_REMEMBERED_DAYS = 365;

export interface KnownDevice {
  idHash: string;
  userId: number;
}

/** The device a cookie names, or null: none sent, or one this install never gave (or forgot in a reset). */
export async function knownDevice(db: Database, cookie: string | null): Promise<KnownDevice | null> {
  if (cookie === null) return null;
  const [row] = await db.select({ idHash: signInDevices.idHash, userId: signInDevices.userId }).from(signInDevices).where(eq(signInDevices.idHash, hashSecret(cookie)));
  return row ?? null;
}

export interface RememberedDevice {
  /** The cookie the browser keeps, given again so that its year starts anew: its own, or a new one. */
  cookie: string;
  /** A way in changed from another device since this one last signed in, or null. */
  credentialsChangedAt: Date | null;
  /** The device's id: its row's, the SHA-256 of its cookie (never the cookie). */
  deviceId: string;
  /**
   * The account had never seen this browser, though it knew others: its owner is told (issue 33). The first browser
   * of an account (a first sign-in, after a reset of the ways in) is no news.
   */
  newBrowser: boolean;
}

/**
 * A sign-in succeeded on this browser: its device is remembered (made, when its cookie names none of this account),
 * and what it had not heard of is handed over once: when a way in changed from elsewhere since it last signed in.
 * Devices of no sign-in for a year are forgotten: their cookies have expired.
 */
export async function rememberDevice(db: Database, userId: number, cookie: string | null, now = new Date()): Promise<RememberedDevice> {
  await db.delete(signInDevices).where(lt(signInDevices.lastSignInAt, new Date(now.getTime() - DEVICE_REMEMBERED_DAYS * 86_400_000)));
  // One read of the device's row: whose it is and what it has not heard of yet.
  const [known] =
    cookie === null
      ? []
      : await db
          .select({ idHash: signInDevices.idHash, userId: signInDevices.userId, credentialsChangedAt: signInDevices.credentialsChangedAt })
          .from(signInDevices)
          .where(eq(signInDevices.idHash, hashSecret(cookie)));
  if (cookie !== null && known && known.userId === userId) {
    await db.update(signInDevices).set({ lastSignInAt: now, credentialsChangedAt: null }).where(eq(signInDevices.idHash, known.idHash));
    return { cookie, credentialsChangedAt: known.credentialsChangedAt, deviceId: known.idHash, newBrowser: false };
  }
  const [other] = await db.select({ idHash: signInDevices.idHash }).from(signInDevices).where(eq(signInDevices.userId, userId)).limit(1);
  const newCookie = newSecret();
  const deviceId = hashSecret(newCookie);
  await db.insert(signInDevices).values({ idHash: deviceId, userId, createdAt: now, lastSignInAt: now });
  return { cookie: newCookie, credentialsChangedAt: null, deviceId, newBrowser: other !== undefined };
}

/**
 * A way in of the account changed (a passphrase, codes, a token, a passkey): every other device it knows is told at
 * its next sign-in (the earliest such change is kept).
 */
export async function markCredentialsChanged(db: Database, userId: number, exceptCookie: string | null, at = new Date()): Promise<void> {
  const except = exceptCookie === null ? undefined : ne(signInDevices.idHash, hashSecret(exceptCookie));
  await db
    .update(signInDevices)
    .set({ credentialsChangedAt: sql`coalesce(${signInDevices.credentialsChangedAt}, ${at})` })
    .where(and(eq(signInDevices.userId, userId), except));
}
