import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RecoveryCodes, SecurityOverview } from '../../../shared/contracts/sign-in';
import { apiRequest } from '../api-client';
import { withFreshProof } from '../fresh-proof';

// The ways in (ADR 17), changed from Settings → Security and from the flows that protect the record ("Protect your
// record", onboarding's last step). Every change writes the access log, so each invalidates the whole key of
// Settings → Security's reads. Where this browser stands (lib/api/session.ts) is asked again by the caller, when its
// flow is done: Settings at once; the protect flows only once the recovery codes are saved. A change asks for fresh
// proof when the server wants it (lib/fresh-proof.ts).

/** The prefix of every Settings → Security read (features/security/api.ts). */
export const SECURITY_KEY = ['security'] as const;

/** The ways in, and what was made while the app was open (the flows that set the first one list it). */
export const securityOverviewQuery = () =>
  queryOptions({ queryKey: [...SECURITY_KEY, 'overview'], queryFn: () => apiRequest<SecurityOverview>('GET', '/api/security') });

/** Setting the first way in: keep what was made while the app was open (else it is revoked). */
export interface KeepMadeWhileOpen {
  keepMadeWhileOpen?: boolean;
}

/** Sets or changes the passphrase: the server ends every other session, and on an open app signs this browser in. */
export function useSetPassphrase() {
  return useMutation({
    mutationFn: (body: { passphrase: string } & KeepMadeWhileOpen) => withFreshProof(() => apiRequest<void>('PUT', '/api/security/passphrase', body)),
    meta: { invalidates: [SECURITY_KEY] },
  });
}

/** Ten new one-time recovery codes, shown once: the old ones stop working. They sign nobody in. */
export function useMakeRecoveryCodes() {
  return useMutation({
    mutationFn: () => withFreshProof(() => apiRequest<z.infer<typeof RecoveryCodes>>('POST', '/api/security/recovery-codes')),
    meta: { invalidates: [SECURITY_KEY] },
  });
}
