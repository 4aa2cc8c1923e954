import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Setup } from '../../../shared/contracts/setup';
import { apiRequest } from '../api-client';

/** Whether a patient exists yet and whether the app should still lead to the first-run wizard. */
export const setupQuery = () => queryOptions({ queryKey: ['setup'], queryFn: () => apiRequest<Setup>('GET', '/api/setup') });

/** 'Skip for now': remembered on the server, so the wizard does not come back on the next visit or device. */
export function useSkipOnboarding() {
  return useMutation({
    mutationFn: () => apiRequest<void>('POST', '/api/setup/skip-onboarding'),
    meta: { invalidates: [setupQuery().queryKey] },
  });
}

/** 'Start with my own data': the server removes every row of the demo patient; every cached read is stale then. */
export function useLeaveDemo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('POST', '/api/setup/leave-demo'),
    onSuccess: () => queryClient.clear(),
  });
}
