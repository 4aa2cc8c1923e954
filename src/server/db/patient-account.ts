import { randomBytes, scryptSync } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** No one signs in yet, so the patient's row gets an unusable random password, stored only as a hash. */
export function unusablePasswordHash(): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64')}$${scryptSync(randomBytes(32), salt, 32).toString('base64')}`;
}

/**
 * After inserting the patient with the spec's fixed id (user 1), moves the id sequence past it, so that a user
 * inserted later without an id does not collide with it.
 */
export async function syncUserIdSequence(tx: Database): Promise<void> {
  await tx.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`);
}
