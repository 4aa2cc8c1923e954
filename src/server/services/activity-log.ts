import { desc, eq } from 'drizzle-orm';
import type { IconType } from '../../shared/rules/statuses';
import type { Database } from '../db/client';
import { activities } from '../db/schema/index';

export interface NewActivity {
  userId: number;
  activityType: string;
  description: string;
  iconType: IconType;
  relatedItemId?: number | null;
}

/** Call inside the transaction of the change it records, so both commit or neither does. */
export async function recordActivity(tx: Database, activity: NewActivity): Promise<void> {
  await tx.insert(activities).values(activity);
}

export function listActivities(db: Database, userId: number, limit: number) {
  return db
    .select()
    .from(activities)
    .where(eq(activities.userId, userId))
    .orderBy(desc(activities.timestamp), desc(activities.id))
    .limit(limit);
}
