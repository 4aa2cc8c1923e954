import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './users';

export const providers = pgTable(
  'providers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    specialty: text('specialty'),
    phone: text('phone'),
    address: text('address'),
  },
  (t) => [index('providers_user_idx').on(t.userId, t.name)],
);
