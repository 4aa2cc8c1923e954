import type { Json } from '../../../../shared/contracts/common';
import { History } from 'lucide-react';
import type { AccessLog } from '../../../../shared/contracts/sign-in';
import { formatDateTime } from '../../../../shared/rules/formats';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { ACCESS_EVENT_WORDS } from '../access-event-words';
import { describeDevice } from '../../../../shared/rules/describe-device';

const HEADING_ID = 'access-log-heading';

interface AccessLogCardProps {
  /** undefined while loading. */
  events: Json<typeof AccessLog> | undefined;
  failed: boolean;
}

/** The latest sign-ins, failures, credentials made or removed and sessions ended, newest first. */
export function AccessLogCard({ events, failed }: AccessLogCardProps) {
  return (
    <Card aria-busy={!failed && !events}>
      <CardHeader>
        <CardTitle id={HEADING_ID}>Access log</CardTitle>
        <CardDescription>The latest events about signing in to your record.</CardDescription>
      </CardHeader>
      <CardContent>
        {failed ? (
          <p className="text-sm text-muted-foreground">Could not load the access log right now.</p>
        ) : !events ? (
          <Skeleton className="h-12 w-full" />
        ) : events.length === 0 ? (
          <EmptyState icon={History} title="Nothing yet" description="Sign-ins and changes to the ways in show here." />
        ) : (
          <ol aria-labelledby={HEADING_ID} className="-my-3 divide-y">
            {events.map((event) => (
              <li key={event.id} className="space-y-1 py-3 text-sm">
                <p className="font-medium">{ACCESS_EVENT_WORDS[event.kind]}</p>
                <p className="text-muted-foreground">
                  <time dateTime={event.at}>{formatDateTime(event.at)}</time> · {describeDevice(event.userAgent)}
                  {event.clientAddress && <> · {event.clientAddress}</>}
                </p>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
