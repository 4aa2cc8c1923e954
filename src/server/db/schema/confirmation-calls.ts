import { index, integer, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Confirmation calls handed to the call service, one row each, for the per-hour limit
 * (CONFIRMATION_CALL_LIMIT_PER_HOUR): every call costs money, so the count survives restarts and is shared by every
 * process on one PostgreSQL. Rows older than an hour are pruned as new calls are counted.
 */
export const confirmationCalls = pgTable(
  'confirmation_calls',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('confirmation_calls_user_time_idx').on(t.userId, t.createdAt)],
);
