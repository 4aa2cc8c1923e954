import { isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accounts, passkeys } from '../db/schema/index';

export interface SignInMethods {
  passkey: boolean;
  passphrase: boolean;
}

/** Which ways in exist (ADR 17): the sign-in screen offers the passkey button, the passphrase field, or both. */
export async function signInMethods(db: Database): Promise<SignInMethods> {
  const result = (await db.execute(
    sql`select exists (select 1 from ${passkeys}) as "passkey", exists (select 1 from ${accounts} where ${isNotNull(accounts.passwordHash)}) as "passphrase"`,
  )) as unknown as { rows: Array<{ passkey: boolean; passphrase: boolean }> };
  const row = result.rows[0];
  return { passkey: row?.passkey === true, passphrase: row?.passphrase === true };
}

/**
 * Whether any way in exists: from then on sign-in is required everywhere. Asked of the database every time, never
 * cached: another instance on the same PostgreSQL may have just set the first one.
 */
export async function credentialExists(db: Database): Promise<boolean> {
  const methods = await signInMethods(db);
  return methods.passkey || methods.passphrase;
}
