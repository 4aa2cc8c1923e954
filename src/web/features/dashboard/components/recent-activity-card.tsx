import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../../shared/rules/formats';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { activitiesQuery } from '../../../lib/api/activities';
import { CURRENT_USER_ID } from '../../../../shared/rules/patient';
import { ActivityIcon } from './activity-icon';

const DEFAULT_VISIBLE = 3;
const LIST_ID = 'recent-activity';

export function RecentActivityCard() {
  const [showAll, setShowAll] = useState(false);
  const activities = useQuery({
    ...activitiesQuery(CURRENT_USER_ID, showAll ? undefined : DEFAULT_VISIBLE),
    // Switching between 3 and all changes the query key: keep the rows on screen (and the link that was just
    // activated, which holds keyboard focus) until the other list arrives, instead of falling back to skeletons.
    placeholderData: keepPreviousData,
  });
  const items = activities.data ?? [];

  return (
    <Card aria-busy={activities.isPending || activities.isPlaceholderData}>
      <CardHeader className="flex-row items-center justify-between gap-4">
        <CardTitle className="leading-tight">Recent Activity</CardTitle>
        {/* Part 1 §2 calls it an anchor: a real link to the list it expands (Enter activates it, as any link). */}
        {(showAll || items.length > 0) && (
          <a
            href={`#${LIST_ID}`}
            aria-controls={LIST_ID}
            aria-expanded={showAll}
            className="shrink-0 whitespace-nowrap rounded text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            onClick={(event) => {
              event.preventDefault();
              setShowAll((value) => !value);
            }}
          >
            {showAll ? 'Show less' : 'View all'}
          </a>
        )}
      </CardHeader>
      <CardContent id={LIST_ID}>
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
              <li key={activity.id} className="flex items-start gap-3">
                <ActivityIcon iconType={activity.iconType} />
                <div className="min-w-0">
                  <p className="break-words text-sm font-medium">{activity.description}</p>
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={activity.timestamp}>{formatDateTime(activity.timestamp)}</time>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
