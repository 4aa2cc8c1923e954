import { queryOptions } from '@tanstack/react-query';
import type { Activity } from '../../../shared/contracts/activities';
import { apiRequest } from '../api-client';
import { pagedListQuery } from './pages';

/** Invalidate this to refresh every activity list of the user, whatever its limit. */
export const activitiesKey = (userId: number) => ['activities', userId] as const;

export const activitiesQuery = (userId: number, limit?: number) =>
  queryOptions({
    queryKey: [...activitiesKey(userId), limit ?? 'all'],
    queryFn: () => apiRequest<Activity[]>('GET', `/api/activities/${userId}${limit ? `?limit=${limit}` : ''}`),
  });

/** How many activities a page of the Activity page brings. */
const ACTIVITY_PAGE_SIZE = 50;

/** The activity feed newest first, a page at a time, only what matches `search` when there is one. */
export const activityPagesQuery = (userId: number, search: string) =>
  pagedListQuery<Activity>(activitiesKey(userId), `/api/activities/${userId}/page`, ACTIVITY_PAGE_SIZE, search);
