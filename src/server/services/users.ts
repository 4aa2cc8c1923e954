import { eq, getTableColumns } from 'drizzle-orm';
import type { z } from 'zod';
import type { UpdateUserBody } from '../../shared/contracts/users';
import type { Database } from '../db/client';
import { users } from '../db/schema/index';
import { conflict, notFound } from '../http/errors';

// Every column but the password hash: no query here can return it by accident.
const { passwordHash: _passwordHash, ...publicColumns } = getTableColumns(users);

export async function getUser(db: Database, id: number) {
  const [user] = await db.select(publicColumns).from(users).where(eq(users.id, id));
  if (!user) throw notFound('User not found');
  return user;
}

export async function updateUser(db: Database, id: number, changes: z.output<typeof UpdateUserBody>) {
  return db.transaction(async (tx) => {
    if (changes.email) {
      const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.email, changes.email));
      if (owner && owner.id !== id) throw conflict('email: That email address is already in use');
    }
    const [user] = await tx.update(users).set(changes).where(eq(users.id, id)).returning(publicColumns);
    if (!user) throw notFound('User not found');
    return user;
  });
}
