import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Allergy, CreateAllergyBody, UpdateAllergyBody } from '../../../shared/contracts/allergies';
import { apiRequest } from '../api-client';
import { userQuery } from './users';

/** The patient's allergies and intolerances (issue 34), active and past, oldest first. */
export const allergiesQuery = (userId: number) =>
  queryOptions({
    queryKey: ['allergies', userId],
    queryFn: () => apiRequest<Allergy[]>('GET', `/api/allergies/${userId}`),
  });

/** What a change of an allergy makes out of date (ADR 24): the list, and the profile's "Allergies", written from the active ones. */
const allergyEffects = (userId: number) => [allergiesQuery(userId).queryKey, userQuery(userId).queryKey];

/** An allergy added or changed. */
export type SaveAllergy = { allergyId: null; body: CreateAllergyBody } | { allergyId: number; body: UpdateAllergyBody };

export function useSaveAllergy(userId: number) {
  return useMutation({
    mutationFn: ({ allergyId, body }: SaveAllergy) =>
      allergyId === null ? apiRequest<Allergy>('POST', '/api/allergies', body) : apiRequest<Allergy>('PATCH', `/api/allergies/${allergyId}`, body),
    meta: { invalidates: allergyEffects(userId) },
  });
}

export function useDeleteAllergy(userId: number) {
  return useMutation({
    mutationFn: (allergyId: number) => apiRequest<void>('DELETE', `/api/allergies/${allergyId}`),
    meta: { invalidates: allergyEffects(userId) },
  });
}
