import type { Json } from '../../../shared/contracts/common';
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AccessLog,
  AccessTokenList,
  CreatedAccessToken,
  EndedSessions,
  NewAccessTokenInput,
  PasskeySummary,
  SessionList,
} from '../../../shared/contracts/sign-in';
import { SECURITY_KEY, securityOverviewQuery } from '../../lib/api/security';
import { sessionQuery } from '../../lib/api/session';
import { apiRequest } from '../../lib/api-client';
import { withFreshProof } from '../../lib/fresh-proof';
import { registerPasskey } from '../../lib/passkeys';

// Settings → Security's reads and changes (ADR 17). Every change writes the access log, so each invalidates the
// whole SECURITY_KEY prefix: the list it changed and the log that records it. The passphrase and the recovery codes
// are changed through lib/api/security.ts, which the flows that protect the record share. Making a token and adding or
// removing a passkey ask for fresh proof when the server wants it (lib/fresh-proof.ts, ADR 21).

/** Where this browser stands: the first passkey of an open app signs this browser in, and removing one changes the ways in. */
const SESSION_KEY = sessionQuery().queryKey;

export { securityOverviewQuery };

// Sessions and the access log change without this browser (another device signs in): read afresh whenever the screen opens.
export const sessionsQuery = () =>
  queryOptions({
    queryKey: [...SECURITY_KEY, 'sessions'],
    queryFn: () => apiRequest<Json<typeof SessionList>>('GET', '/api/security/sessions'),
    refetchOnMount: 'always',
  });

export const accessLogQuery = () =>
  queryOptions({
    queryKey: [...SECURITY_KEY, 'access-log'],
    queryFn: () => apiRequest<Json<typeof AccessLog>>('GET', '/api/security/access-log'),
    refetchOnMount: 'always',
  });

export const accessTokensQuery = () =>
  queryOptions({ queryKey: [...SECURITY_KEY, 'tokens'], queryFn: () => apiRequest<Json<typeof AccessTokenList>>('GET', '/api/security/tokens') });

const invalidatesSecurity = { invalidates: [SECURITY_KEY] };

export function useEndOtherSessions() {
  return useMutation({
    mutationFn: () => apiRequest<z.infer<typeof EndedSessions>>('POST', '/api/security/sessions/end-others'),
    meta: invalidatesSecurity,
  });
}

export function useCreateAccessToken() {
  return useMutation({
    mutationFn: (body: z.infer<typeof NewAccessTokenInput>) =>
      withFreshProof(() => apiRequest<Json<typeof CreatedAccessToken>>('POST', '/api/security/tokens', body)),
    meta: invalidatesSecurity,
  });
}

export function useRevokeAccessToken() {
  return useMutation({
    mutationFn: (tokenId: number) => apiRequest<void>('DELETE', `/api/security/tokens/${tokenId}`),
    meta: invalidatesSecurity,
  });
}

export type Passkey = Json<typeof PasskeySummary>;

export function useRenamePasskey() {
  return useMutation({
    mutationFn: ({ passkeyId, name }: { passkeyId: number; name: string }) =>
      apiRequest<Passkey>('PATCH', `/api/security/passkeys/${passkeyId}`, { name }),
    meta: invalidatesSecurity,
  });
}

/** The server refuses (409) to remove the last way in; its message says so. */
export function useRemovePasskey() {
  return useMutation({
    mutationFn: (passkeyId: number) => withFreshProof(() => apiRequest<void>('DELETE', `/api/security/passkeys/${passkeyId}`)),
    meta: { invalidates: [SECURITY_KEY, SESSION_KEY] },
  });
}

/** Makes a passkey on this device (the browser asks) and stores it under `name`; on an open app it also signs this browser in. */
export function useAddPasskey() {
  return useMutation({
    mutationFn: ({ name, keepMadeWhileOpen }: { name: string; keepMadeWhileOpen?: boolean }) => withFreshProof(() => registerPasskey(name, keepMadeWhileOpen)),
    meta: { invalidates: [SECURITY_KEY, SESSION_KEY] },
  });
}
