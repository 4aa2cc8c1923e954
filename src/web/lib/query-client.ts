import { QueryClient } from '@tanstack/react-query';

/** Part 1 §7: reads never go stale, never refetch on focus, and nothing is retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false, retry: false },
      mutations: { retry: false },
    },
  });
}
