import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { activitiesQuery } from '../../../lib/api/activities';
import { usePatientId } from '../../../lib/patient-id';
import { paths } from '../../../app/paths';
import { ActivityRow } from '../../../components/activity/activity-row';

const DEFAULT_VISIBLE = 3;

/** The three newest activities; 'View all' opens the Activity page, the whole feed a page at a time (issue 21). */
export function RecentActivityCard() {
  const patientId = usePatientId();
  const activities = useQuery(activitiesQuery(patientId, DEFAULT_VISIBLE));
  const items = activities.data ?? [];

  return (
    <Card aria-busy={activities.isPending}>
      <CardHeader className="flex-row items-center justify-between gap-4">
        <CardTitle className="leading-tight">Recent Activity</CardTitle>
        {/* Part 1 §2 (docs/product.md#part-1-2) calls it an anchor: a real link, to the page that lists everything. */}
        {items.length > 0 && (
          <Link
            href={paths.activity}
            className="shrink-0 whitespace-nowrap rounded text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            View all
          </Link>
        )}
      </CardHeader>
      <CardContent>
        {activities.isPending ? (
          <div className="space-y-4">
            {Array.from({ length: DEFAULT_VISIBLE }, (_, i) => (
              <div key={i} className="flex items-center gap-3">
                <Skeleton className="size-9 rounded-full" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-3/4" />
                  <Skeleton className="h-3 w-1/3" />
                </div>
              </div>
            ))}
          </div>
        ) : activities.isError ? (
          <p className="text-sm text-muted-foreground">Could not load your activity right now.</p>
        ) : items.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No recent activity</p>
        ) : (
          <ul className="space-y-4">
            {items.map((activity) => (
              <li key={activity.id}>
                <ActivityRow activity={activity} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
