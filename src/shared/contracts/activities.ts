import { z } from 'zod';
import type { IconType } from '../rules/statuses';

export const ACTIVITY_LIST_MAX = 200;

export const ActivityListQuery = z.object({
  limit: z
    .string()
    .regex(/^[1-9]\d*$/, `must be a whole number from 1 to ${ACTIVITY_LIST_MAX}`)
    .transform(Number)
    .refine((limit) => limit <= ACTIVITY_LIST_MAX, `must be a whole number from 1 to ${ACTIVITY_LIST_MAX}`)
    .optional(),
});

export interface Activity {
  id: number;
  userId: number;
  activityType: string;
  description: string;
  timestamp: string;
  relatedItemId: number | null;
  iconType: IconType;
}
