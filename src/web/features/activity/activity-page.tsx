import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { History, Search, SearchX } from 'lucide-react';
import { useCallback, useId, useMemo, useState } from 'react';
import { CURRENT_USER_ID } from '../../../shared/rules/patient';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { WindowList } from '../../components/ui/window-list';
import { activityPagesQuery } from '../../lib/api/activities';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { ActivityRow } from '../../components/activity/activity-row';

/** A search asks the server once typing pauses this long. */
const SEARCH_PAUSE_MS = 300;
/** An activity's height before it is measured: a line of what happened, one of when, and the row's padding. */
const ESTIMATED_ROW_PX = 68;

/**
 * Everything that happened in the record, newest first (issue 21): Recent Activity's 'View all'. The spec shows the
 * dashboard card only; this page keeps its words and pages the feed like the Records screen, with a search.
 */
export default function ActivityPage() {
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search, SEARCH_PAUSE_MS).trim();
  const pages = useInfiniteQuery({ ...activityPagesQuery(CURRENT_USER_ID, searched), placeholderData: keepPreviousData });
  const activities = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = pages;
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  const searchId = useId();

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Activity</h1>
        <p className="mt-1 text-muted-foreground">Everything that happened in your record, newest first</p>
      </div>
      <Card aria-busy={pages.isPending || (pages.isFetching && !isFetchingNextPage)}>
        <CardHeader className="gap-3 space-y-0 sm:flex-row sm:items-center sm:justify-between">
          <CardTitle>All Activity</CardTitle>
          <div className="flex flex-col gap-1 sm:w-72">
            <label htmlFor={searchId} className="text-sm font-medium">
              Search your activity
            </label>
            <div className="relative">
              <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
              <Input id={searchId} type="search" value={search} onChange={(event) => setSearch(event.target.value)} maxLength={200} className="pl-9" />
            </div>
          </div>
        </CardHeader>
        <CardContent>
          {pages.isPending ? (
            <div className="space-y-3">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="h-12 w-full" />
              ))}
            </div>
          ) : pages.isError ? (
            <p className="text-sm text-muted-foreground">Could not load your activity right now.</p>
          ) : activities.length === 0 && searched !== '' ? (
            <EmptyState icon={SearchX} title="No matching activity" description={`No activity has words starting with "${searched}".`} />
          ) : activities.length === 0 ? (
            <EmptyState icon={History} title="No recent activity" description="What you add and change in your record shows here." />
          ) : (
            <WindowList
              label="All Activity"
              items={activities}
              hasMore={hasNextPage}
              loadMore={loadMore}
              keyOf={(activity) => activity.id}
              estimatedRowPx={ESTIMATED_ROW_PX}
              itemClassName="py-3"
              renderItem={(activity) => <ActivityRow activity={activity} />}
            />
          )}
          <p role="status" className="pt-3 text-center text-sm text-muted-foreground empty:hidden">
            {isFetchingNextPage ? 'Loading more activity…' : isFetchNextPageError ? 'Could not load more activity right now.' : ''}
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
