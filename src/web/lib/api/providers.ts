import { queryOptions, useMutation } from '@tanstack/react-query';
import type { CreateProviderBody, Provider, UpdateProviderBody } from '../../../shared/contracts/appointments';
import { apiRequest } from '../api-client';

/** The patient's healthcare providers by name; Schedule New and the quick scheduling dialog choose from it. */
export const providersQuery = (userId: number) =>
  queryOptions({
    queryKey: ['providers', userId],
    queryFn: () => apiRequest<Provider[]>('GET', `/api/providers/${userId}`),
  });

/** A provider added or changed; the provider list refreshes after either, whatever the outcome. */
export type SaveProvider = { providerId: null; body: CreateProviderBody } | { providerId: number; body: UpdateProviderBody };

export function useSaveProvider(userId: number) {
  return useMutation({
    mutationFn: ({ providerId, body }: SaveProvider) =>
      providerId === null
        ? apiRequest<Provider>('POST', '/api/providers', body)
        : apiRequest<Provider>('PATCH', `/api/providers/${providerId}`, body),
    meta: { invalidates: [providersQuery(userId).queryKey] },
  });
}

/** Removes a provider; the server refuses one that appointments still name (409). */
export function useDeleteProvider(userId: number) {
  return useMutation({
    mutationFn: (providerId: number) => apiRequest<void>('DELETE', `/api/providers/${providerId}`),
    meta: { invalidates: [providersQuery(userId).queryKey] },
  });
}
