import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Json } from '../../../shared/contracts/common';
import type {
  AccessLog,
  AccessTokenList,
  CreatedAccessToken,
  EndedSessions,
  NewAccessTokenInput,
  PasskeySummary,
  RecoveryCodes,
  SecurityOverview,
  SessionList,
} from '../../../shared/contracts/sign-in';
import { apiRequest } from '../api-client';
import { withFreshProof } from '../fresh-proof';
import { registerPasskey } from '../passkeys';
import { sessionQuery } from './session';

// Settings → Security's reads and changes, and the ways in (ADR 17), changed from Settings → Security and from the
// flows that protect the record ("Protect your record", onboarding's last step), which share the passphrase and the
// recovery codes. Every change writes the access log, so each invalidates the whole SECURITY_KEY prefix: the list it
// changed and the log that records it. Where this browser stands (lib/api/session.ts) is asked again by the caller of
// the passphrase and recovery codes, when its flow is done: Settings at once; the protect flows only once the recovery
// codes are saved. Setting the passphrase, making recovery codes or a token, and adding or removing a passkey ask for
// fresh proof when the server wants it (lib/fresh-proof.ts, ADR 21).

/** The prefix of every Settings → Security read (the queries below). */
export const SECURITY_KEY = ['security'] as const;

/** Where this browser stands: the first passkey of an open app signs this browser in, and removing one changes the ways in. */
const SESSION_KEY = sessionQuery().queryKey;

/** The ways in, and what was made while the app was open (the flows that set the first one list it). */
export const securityOverviewQuery = () =>
  queryOptions({ queryKey: [...SECURITY_KEY, 'overview'], queryFn: () => apiRequest<SecurityOverview>('GET', '/api/security') });

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

/** Setting the first way in: keep what was made while the app was open (else it is revoked). */
export interface KeepMadeWhileOpen {
  keepMadeWhileOpen?: boolean;
}

/** Sets or changes the passphrase: the server ends every other session, and on an open app signs this browser in. */
export function useSetPassphrase() {
  return useMutation({
    mutationFn: (body: { passphrase: string } & KeepMadeWhileOpen) => withFreshProof(() => apiRequest<void>('PUT', '/api/security/passphrase', body)),
    meta: invalidatesSecurity,
  });
}

/** Ten new one-time recovery codes, shown once: the old ones stop working. They sign nobody in. */
export function useMakeRecoveryCodes() {
  return useMutation({
    mutationFn: () => withFreshProof(() => apiRequest<z.infer<typeof RecoveryCodes>>('POST', '/api/security/recovery-codes')),
    meta: invalidatesSecurity,
  });
}

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
