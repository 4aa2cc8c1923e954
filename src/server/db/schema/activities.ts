import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, check } from 'drizzle-orm/pg-core';
import { ACTIVITY_TYPES, type ActivityType } from '../../../shared/rules/activities';
import { ICON_TYPES, type IconType } from '../../../shared/rules/statuses';
import { isOneOf } from './checks';
import { searchWords, tsvector } from './search';
import { users } from './users';

export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityType: text('activity_type').$type<ActivityType>().notNull(),
    description: text('description').notNull(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    relatedItemId: integer('related_item_id'),
    iconType: text('icon_type').$type<IconType>().notNull(),
    /** The words of the description, for the activity page's search (search.ts); kept by the database. */
    search: tsvector('search').notNull().generatedAlwaysAs(searchWords(sql`"description"`)),
  },
  (t) => [
    index('activities_user_time_idx').on(t.userId, t.timestamp.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // No pending list: see medical_records_search_idx.
    index('activities_search_idx').using('gin', t.search).with({ fastupdate: false }),
    check('activities_icon_type_check', isOneOf(t.iconType, ICON_TYPES)),
    // The closed list of shared/rules/activities.ts: the feed shows only what it knows how to say.
    check('activities_activity_type_check', isOneOf(t.activityType, ACTIVITY_TYPES)),
  ],
);
