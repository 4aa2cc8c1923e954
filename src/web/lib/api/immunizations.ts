import { queryOptions, useMutation } from '@tanstack/react-query';
import type { CreateImmunizationBody, Immunization, UpdateImmunizationBody } from '../../../shared/contracts/immunizations';
import { apiRequest } from '../api-client';
import { immunizationsKey } from './immunizations-key';
import { recommendationsQuery } from './preventative-care';

/** The vaccines the patient has had (issue 34), the latest first. */
export const immunizationsQuery = (userId: number) =>
  queryOptions({
    queryKey: immunizationsKey(userId),
    queryFn: () => apiRequest<Immunization[]>('GET', `/api/immunizations/${userId}`),
  });

/** What a change of an immunization makes out of date (ADR 24): the list, and the recommendations that count vaccines given. */
const immunizationEffects = (userId: number) => [immunizationsQuery(userId).queryKey, recommendationsQuery(userId).queryKey];

/** An immunization added or changed. */
export type SaveImmunization = { immunizationId: null; body: CreateImmunizationBody } | { immunizationId: number; body: UpdateImmunizationBody };

export function useSaveImmunization(userId: number) {
  return useMutation({
    mutationFn: ({ immunizationId, body }: SaveImmunization) =>
      immunizationId === null
        ? apiRequest<Immunization>('POST', '/api/immunizations', body)
        : apiRequest<Immunization>('PATCH', `/api/immunizations/${immunizationId}`, body),
    meta: { invalidates: immunizationEffects(userId) },
  });
}

export function useDeleteImmunization(userId: number) {
  return useMutation({
    mutationFn: (immunizationId: number) => apiRequest<void>('DELETE', `/api/immunizations/${immunizationId}`),
    meta: { invalidates: immunizationEffects(userId) },
  });
}
