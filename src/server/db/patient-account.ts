import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * After inserting the patient with the spec's fixed id (user 1), moves the id sequence past it, so that a user
 * inserted later without an id does not collide with it.
 */
export async function syncUserIdSequence(tx: Database): Promise<void> {
  await tx.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`);
}
