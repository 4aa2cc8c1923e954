import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Json } from '../../../shared/contracts/common';
import type { SessionState } from '../../../shared/contracts/sign-in';
import { apiRequest } from '../api-client';

// The session's state, which the gate reads before the first paint. Signing in and out are in ./sign-in.ts, loaded with
// the screens that do it (ADR 20).

/**
 * Where this browser stands (ADR 17): 'open' (no credential yet, this machine only), 'signed-in', 'sign-in' or
 * 'setup'. The gate in app/routes.tsx reads it before any other query runs.
 */
export const sessionQuery = () => queryOptions({ queryKey: ['session'], queryFn: () => apiRequest<Json<typeof SessionState>>('GET', '/api/session') });

/** Asks the server again where this browser stands: after a sign-in, a 401, or once a protect or setup flow is done. */
export const refreshSession = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: sessionQuery().queryKey });

/** Drops every cached read about the patient, keeping only the session's state: nothing of the record stays behind a sign-in screen. */
export const forgetPatientData = (queryClient: QueryClient) =>
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQuery().queryKey[0] });
