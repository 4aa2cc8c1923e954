import { useMutation } from '@tanstack/react-query';
import type { CareItem, CreateCareItemBody, UpdateCareItemBody } from '../../../shared/contracts/preventative-care';
import { activitiesKey } from '../../lib/api/activities';
import { careItemsQuery, recommendationsQuery } from '../../lib/api/preventative-care';
import { apiRequest } from '../../lib/api-client';

/** A care item added or changed: the care list, the recommendations read from it, and the activity feed refresh. */
const careEffects = (userId: number) => [careItemsQuery(userId).queryKey, recommendationsQuery(userId).queryKey, activitiesKey(userId)];

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
