import { queryOptions, useMutation } from '@tanstack/react-query';
import type { CareItem, CreateCareItemBody, UpdateCareItemBody } from '../../../shared/contracts/preventative-care';
import type { Recommendations } from '../../../shared/contracts/recommendations';
import { apiRequest } from '../api-client';
import { activitiesKey } from './activities';
import { immunizationsKey } from './immunizations-key';

export const careItemsQuery = (userId: number) =>
  queryOptions({
    queryKey: ['preventative-care', userId],
    queryFn: () => apiRequest<CareItem[]>('GET', `/api/preventative-care/${userId}`),
  });

/** The patient's recommended care (issue 12): rules chosen by age and sex, each with a status from their own record. */
export const recommendationsQuery = (userId: number) =>
  queryOptions({
    queryKey: ['recommendations', userId],
    queryFn: () => apiRequest<Recommendations>('GET', `/api/preventative-care/recommendations/${userId}`),
  });

/** A care item added or changed: the care list, the recommendations read from it, and the activity feed refresh. */
// A vaccine completed is an immunization given (issue 34): the list changes too.
export const careEffects = (userId: number) => [careItemsQuery(userId).queryKey, recommendationsQuery(userId).queryKey, activitiesKey(userId), immunizationsKey(userId)];

export function useAddCareItem(userId: number) {
  return useMutation({
    mutationFn: (body: CreateCareItemBody) => apiRequest<CareItem>('POST', '/api/preventative-care', body),
    meta: { invalidates: careEffects(userId) },
  });
}

export function useUpdateCareItem(userId: number) {
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: UpdateCareItemBody }) =>
      apiRequest<CareItem>('PATCH', `/api/preventative-care/${id}`, changes),
    meta: { invalidates: careEffects(userId) },
  });
}
