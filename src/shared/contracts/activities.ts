import { z } from 'zod';
import { ACTIVITY_TYPES } from '../rules/activities';
import { ICON_TYPES } from '../rules/statuses';
import { id, instant, limitParam, type Json } from './common';
import { pageOf } from './paging';

export const ACTIVITY_LIST_MAX = 200;

export const ActivityListQuery = z.object({
  limit: limitParam(ACTIVITY_LIST_MAX)
    .optional()
    .meta({ description: `How many of the newest activities, 1 to ${ACTIVITY_LIST_MAX} (default ${ACTIVITY_LIST_MAX})` }),
});

export const Activity = z
  .object({
    id,
    userId: id,
    activityType: z.enum(ACTIVITY_TYPES),
    description: z.string(),
    timestamp: instant,
    relatedItemId: id.nullable(),
    iconType: z.enum(ICON_TYPES),
  })
  .meta({ id: 'Activity' });
export type Activity = Json<typeof Activity>;
export const ActivityList = z.array(Activity);
/** A page of the activity feed, newest first (GET /api/activities/{userId}/page). */
export const ActivityPage = pageOf(Activity, 'ActivityPage');
export type ActivityPage = Json<typeof ActivityPage>;
