import { MutationCache, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import type { SessionState } from '../../shared/contracts/sign-in';
import { statusOf } from './api-client';
import { refreshSession, sessionQuery } from './api/session';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /**
       * The queries this mutation makes out of date (part 1 §7 (docs/product.md#part-1-7) and part 2 §7 (docs/product.md#part-2-7) list them per mutation): each key,
       * or key prefix, is invalidated once the mutation settles. Declared beside the mutation, handled once below.
       */
      invalidates?: readonly QueryKey[];
    };
  }
}

/**
 * Invalidates a mutation's `meta.invalidates` when it settles, whatever the outcome: after a failure or a cancel
 * the server may still have changed (a record deleted meanwhile elsewhere, a file stored just before the request
 * was dropped), and a refetch that finds nothing new costs one request. It is awaited, so the mutation stays
 * pending until the lists are fresh, and what runs after it (a toast, closing a dialog) sees the new data.
 */
const invalidateListedQueries = () =>
  new MutationCache({
    onError: (error, _variables, _onMutateResult, _mutation, { client }) => checkAccess(client, error),
    onSettled: (_data, _error, _variables, _onMutateResult, mutation, { client }) =>
      Promise.all((mutation.meta?.invalidates ?? []).map((queryKey) => client.invalidateQueries({ queryKey }))),
  });

/**
 * A 401 from any request while this browser believed it had access (the session ended: idle, signed out elsewhere, a
 * passphrase set on another device) asks the server where it stands, so the gate in app/routes.tsx shows the sign-in
 * screen. The error itself stays as it is (an ApiError, 401) for whatever shows it. A 401 while the sign-in screen is
 * up is that screen's own refusal, and changes nothing.
 */
function checkAccess(client: QueryClient, error: unknown): void {
  if (statusOf(error) !== 401) return;
  const access = client.getQueryData<SessionState>(sessionQuery().queryKey)?.access;
  if (access === 'open' || access === 'signed-in') void refreshSession(client);
}

/** Part 1 §7 (docs/product.md#part-1-7): reads never go stale, never refetch on focus, and nothing is retried. */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => checkAccess(client, error) }),
    mutationCache: invalidateListedQueries(),
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false, retry: false },
      mutations: { retry: false },
    },
  });
  return client;
}
