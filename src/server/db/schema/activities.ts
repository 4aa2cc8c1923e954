import { index, integer, pgTable, serial, text, timestamp, check } from 'drizzle-orm/pg-core';
import { ICON_TYPES } from '../../../shared/rules/statuses';
import { isOneOf } from './checks';
import { users } from './users';

export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityType: text('activity_type').notNull().default('info'),
    description: text('description').notNull(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    relatedItemId: integer('related_item_id'),
    iconType: text('icon_type').notNull(),
  },
  (t) => [
    index('activities_user_time_idx').on(t.userId, t.timestamp.desc(), t.id.desc()),
    check('activities_icon_type_check', isOneOf(t.iconType, ICON_TYPES)),
  ],
);
