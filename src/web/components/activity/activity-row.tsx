import type { Activity } from '../../../shared/contracts/activities';
import { formatDateTime } from '../../../shared/rules/formats';
import { ActivityIcon } from './activity-icon';

/** One activity: its icon, what happened and when. A list item's content, on the dashboard and the Activity page. */
export function ActivityRow({ activity }: { activity: Activity }) {
  return (
    <div className="flex items-start gap-3">
      <ActivityIcon iconType={activity.iconType} />
      <div className="min-w-0">
        <p className="break-words text-sm font-medium">{activity.description}</p>
        <p className="text-xs text-muted-foreground">
          <time dateTime={activity.timestamp}>{formatDateTime(activity.timestamp)}</time>
        </p>
      </div>
    </div>
  );
}
