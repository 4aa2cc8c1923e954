import { History, SearchX } from 'lucide-react';
import { usePatientId } from '../../lib/patient-id';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { SearchField } from '../../components/ui/search-field';
import { Skeleton } from '../../components/ui/skeleton';
import { MoreStatus, WindowList } from '../../components/ui/window-list';
import { activityPagesQuery } from '../../lib/api/activities';
import { usePagedList } from '../../lib/use-paged-list';
import { useSearch } from '../../lib/use-search';
import { ActivityRow } from '../../components/activity/activity-row';

/** An activity's height before it is measured: a line of what happened, one of when, and the row's padding. */
const ESTIMATED_ROW_PX = 68;

/**
 * Everything that happened in the record, newest first (issue 21): Recent Activity's 'View all'. The spec shows the
 * dashboard card only; this page keeps its words and pages the feed like the Records screen, with a search.
 */
export default function ActivityPage() {
  const patientId = usePatientId();
  const { search, setSearch, searched } = useSearch();
  const activities = usePagedList(activityPagesQuery(patientId, searched));

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Activity</h1>
        <p className="mt-1 text-muted-foreground">Everything that happened in your record, newest first</p>
      </div>
      <Card aria-busy={activities.busy}>
        <CardHeader className="gap-3 space-y-0 sm:flex-row sm:items-center sm:justify-between">
          <CardTitle>All Activity</CardTitle>
          <SearchField label="Search your activity" value={search} onChange={setSearch} />
        </CardHeader>
        <CardContent>
          {activities.isPending ? (
            <div className="space-y-3">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="h-12 w-full" />
              ))}
            </div>
          ) : activities.isError ? (
            <p className="text-sm text-muted-foreground">Could not load your activity right now.</p>
          ) : activities.items.length === 0 && searched !== '' ? (
            <EmptyState icon={SearchX} title="No matching activity" description={`No activity has words starting with "${searched}".`} />
          ) : activities.items.length === 0 ? (
            <EmptyState icon={History} title="No recent activity" description="What you add and change in your record shows here." />
          ) : (
            <WindowList
              label="All Activity"
              items={activities.items}
              hasMore={activities.hasMore}
              loadMore={activities.loadMore}
              keyOf={(activity) => activity.id}
              estimatedRowPx={ESTIMATED_ROW_PX}
              itemClassName="py-3"
              renderItem={(activity) => <ActivityRow activity={activity} />}
            />
          )}
          <MoreStatus more={activities.more} noun="activity" />
        </CardContent>
      </Card>
    </div>
  );
}
