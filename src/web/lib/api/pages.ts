import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** What a paged list answers (ADR 19). */
interface Page<Item> {
  items: Item[];
  nextCursor: string | null;
}

/** `?limit=&cursor=&q=` of a paged list (ADR 19). */
function pageParameters(cursor: string | null, search: string, limit: number): string {
  const parameters = new URLSearchParams({ limit: String(limit) });
  if (cursor !== null) parameters.set('cursor', cursor);
  if (search !== '') parameters.set('q', search);
  return parameters.toString();
}

/**
 * A paged list of the API, `limit` a page, newest first, only what matches `search` when there is one: each page
 * starts at the cursor the last one ended with, and the list ends where the server says. Keyed under `key`, so that
 * invalidating the list's key refreshes it with any search.
 */
export function pagedListQuery<Item>(key: QueryKey, path: string, limit: number, search = '') {
  const terms = search.trim();
  return infiniteQueryOptions({
    queryKey: [...key, 'pages', terms],
    // A path may carry a filter of its own ('?kind=laboratory'): the page's parameters follow it.
    queryFn: ({ pageParam }) => apiRequest<Page<Item>>('GET', `${path}${path.includes('?') ? '&' : '?'}${pageParameters(pageParam, terms, limit)}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
