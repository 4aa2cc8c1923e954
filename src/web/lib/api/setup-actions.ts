import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { withFreshProof } from '../fresh-proof';
import { setupQuery } from './setup';

// What changes the setup: apart from setupQuery, which the gate reads before the first paint (ADR 20).

/** 'Skip for now': remembered on the server, so the wizard does not come back on the next visit or device. */
export function useSkipOnboarding() {
  return useMutation({
    mutationFn: () => apiRequest<void>('POST', '/api/setup/skip-onboarding'),
    meta: { invalidates: [setupQuery().queryKey] },
  });
}

/**
 * 'Start with my own data': the server removes every row of the demo patient (the ways in stay, ADR 21); every cached
 * read is stale then. A browser signed in a while ago proves it is still the patient first (lib/fresh-proof.ts).
 */
export function useLeaveDemo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => withFreshProof(() => apiRequest<void>('POST', '/api/setup/leave-demo')),
    onSuccess: () => queryClient.clear(),
  });
}
