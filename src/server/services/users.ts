import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { UpdateUserBody } from '../../shared/contracts/users';
import type { Database } from '../db/client';
import { users } from '../db/schema/index';
import type { Patient } from '../http/current-patient';
import { conflict } from '../http/errors';
import { foundOr404 } from './owned';

// The whole row is read; the User contract leaves the password hash out of every response.
export async function getUser(db: Database, patient: Patient) {
  return foundOr404(await db.select().from(users).where(eq(users.id, patient.id)), 'User');
}

export async function updateUser(db: Database, patient: Patient, changes: z.output<typeof UpdateUserBody>) {
  return db.transaction(async (tx) => {
    if (changes.email) {
      const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.email, changes.email));
      if (owner && owner.id !== patient.id) throw conflict('email: That email address is already in use');
    }
    return foundOr404(await tx.update(users).set(changes).where(eq(users.id, patient.id)).returning(), 'User');
  });
}
