import { queryOptions } from '@tanstack/react-query';
import type { Activity } from '../../../shared/contracts/activities';
import { apiRequest } from '../api-client';

/** Invalidate this to refresh every activity list of the user, whatever its limit. */
export const activitiesKey = (userId: number) => ['activities', userId] as const;

export const activitiesQuery = (userId: number, limit?: number) =>
  queryOptions({
    queryKey: [...activitiesKey(userId), limit ?? 'all'],
    queryFn: () => apiRequest<Activity[]>('GET', `/api/activities/${userId}${limit ? `?limit=${limit}` : ''}`),
  });
