import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Condition, CreateConditionBody, UpdateConditionBody } from '../../../shared/contracts/conditions';
import { apiRequest } from '../api-client';
import { recommendationsQuery } from './preventative-care';
import { userQuery } from './users';

/** The patient's conditions (issue 34), current and past, oldest first. */
export const conditionsQuery = (userId: number) =>
  queryOptions({
    queryKey: ['conditions', userId],
    queryFn: () => apiRequest<Condition[]>('GET', `/api/conditions/${userId}`),
  });

/**
 * What a change of a condition makes out of date (ADR 24): the list; the profile's "Existing Conditions", which the
 * server writes from the current ones; and the recommendations, which are chosen by them.
 */
const conditionEffects = (userId: number) => [conditionsQuery(userId).queryKey, userQuery(userId).queryKey, recommendationsQuery(userId).queryKey];

/** A condition added or changed. */
export type SaveCondition = { conditionId: null; body: CreateConditionBody } | { conditionId: number; body: UpdateConditionBody };

export function useSaveCondition(userId: number) {
  return useMutation({
    mutationFn: ({ conditionId, body }: SaveCondition) =>
      conditionId === null
        ? apiRequest<Condition>('POST', '/api/conditions', body)
        : apiRequest<Condition>('PATCH', `/api/conditions/${conditionId}`, body),
    meta: { invalidates: conditionEffects(userId) },
  });
}

export function useDeleteCondition(userId: number) {
  return useMutation({
    mutationFn: (conditionId: number) => apiRequest<void>('DELETE', `/api/conditions/${conditionId}`),
    meta: { invalidates: conditionEffects(userId) },
  });
}
