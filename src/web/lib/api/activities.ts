import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Activity, ActivityPage } from '../../../shared/contracts/activities';
import { apiRequest } from '../api-client';
import { pageParameters } from './pages';

/** Invalidate this to refresh every activity list of the user, whatever its limit. */
export const activitiesKey = (userId: number) => ['activities', userId] as const;

export const activitiesQuery = (userId: number, limit?: number) =>
  queryOptions({
    queryKey: [...activitiesKey(userId), limit ?? 'all'],
    queryFn: () => apiRequest<Activity[]>('GET', `/api/activities/${userId}${limit ? `?limit=${limit}` : ''}`),
  });

/** How many activities a page of the Activity page brings. */
export const ACTIVITY_PAGE_SIZE = 50;

/** The activity feed newest first, a page at a time, only what matches `search` when there is one. */
export const activityPagesQuery = (userId: number, search: string) =>
  infiniteQueryOptions({
    queryKey: [...activitiesKey(userId), 'pages', search.trim()],
    queryFn: ({ pageParam }) =>
      apiRequest<ActivityPage>('GET', `/api/activities/${userId}/page?${pageParameters(pageParam, search, ACTIVITY_PAGE_SIZE)}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
