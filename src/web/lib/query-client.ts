import { MutationCache, QueryClient, type QueryKey } from '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /**
       * The queries this mutation makes out of date (part 1 §7 and part 2 §7 list them per mutation): each key,
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
    onSettled: (_data, _error, _variables, _onMutateResult, mutation, { client }) =>
      Promise.all((mutation.meta?.invalidates ?? []).map((queryKey) => client.invalidateQueries({ queryKey }))),
  });

/** Part 1 §7: reads never go stale, never refetch on focus, and nothing is retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: invalidateListedQueries(),
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false, retry: false },
      mutations: { retry: false },
    },
  });
}
