import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { UpdateUserBody } from '../../shared/contracts/users';
import type { Database } from '../db/client';
import { users } from '../db/schema/index';
import type { Patient } from '../http/current-patient';
import { conflict } from '../http/errors';
import { foundOr404 } from './owned';

/** What the patient may change of their own row: never its id, username or password hash. */
export type UserChanges = Partial<Omit<typeof users.$inferInsert, 'id' | 'username' | 'passwordHash'>>;

// The whole row is read; the User contract leaves the password hash out of every response.
export async function getUser(db: Database, patient: Patient) {
  return foundOr404(await db.select().from(users).where(eq(users.id, patient.id)), 'User');
}

export async function updateUser(db: Database, patient: Patient, changes: z.output<typeof UpdateUserBody>) {
  return db.transaction((tx) => changeUser(tx, patient, changes));
}

/**
 * The one way the patient's row is changed, inside the caller's transaction (`tx`): an email address that
 * another user has is a 409 naming the field.
 */
export async function changeUser(tx: Database, patient: Patient, changes: UserChanges) {
  if (changes.email) {
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.email, changes.email));
    if (owner && owner.id !== patient.id) throw conflict('email: That email address is already in use');
  }
  return foundOr404(await tx.update(users).set(changes).where(eq(users.id, patient.id)).returning(), 'User');
}
