import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { pagedListQuery } from './api/pages';

/**
 * A paged list on screen (lib/api/pages.ts): the items of the pages loaded so far, and a way to ask for the next one.
 * While another search's first page comes, the last list stays (no flash of skeletons); after a page failed to come,
 * no more are asked for, and `more` says so.
 */
export function usePagedList<Item>(options: ReturnType<typeof pagedListQuery<Item>>) {
  const pages = useInfiniteQuery({ ...options, placeholderData: keepPreviousData });
  const items = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);
  const { isFetchingNextPage, isFetchNextPageError, fetchNextPage } = pages;
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  // A press of 'Show more' tries again after a failure too: the patient asked.
  const askMore = useCallback(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, [isFetchingNextPage, fetchNextPage]);
  return {
    items,
    /** For loading as the patient scrolls: asks for the next page, and after a failed one stops asking. */
    loadMore,
    /** For a 'Show more' button: asks for the next page, again after a failure. */
    askMore,
    hasMore: pages.hasNextPage,
    isPending: pages.isPending,
    isError: pages.isError,
    /** A first page on its way: the list shown is the last one. */
    busy: pages.isPending || (pages.isFetching && !isFetchingNextPage),
    /** The next page: on its way, failed, or neither. */
    more: isFetchingNextPage ? ('loading' as const) : isFetchNextPageError ? ('failed' as const) : null,
  };
}
