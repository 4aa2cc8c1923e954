import type { Json } from '../../../../shared/contracts/common';
import { MonitorSmartphone } from 'lucide-react';
import type { SessionList } from '../../../../shared/contracts/sign-in';
import { formatDateTime } from '../../../../shared/rules/formats';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/api-client';
import { useEndOtherSessions } from '../../../lib/api/security';
import { describeDevice } from '../../../../shared/rules/describe-device';

const HEADING_ID = 'sessions-heading';

interface SessionsCardProps {
  /** undefined while loading. */
  sessions: Json<typeof SessionList> | undefined;
  failed: boolean;
}

/** The browsers signed in to this record, this one first marked; every other one can be ended at once. */
export function SessionsCard({ sessions, failed }: SessionsCardProps) {
  const endOthers = useEndOtherSessions();
  const others = sessions?.filter((session) => !session.current).length ?? 0;

  function end() {
    if (endOthers.isPending) return;
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) =>
        toast({ title: 'Other sessions ended', description: ended === 1 ? '1 session was ended.' : `${ended} sessions were ended.` }),
      onError: (error) => toast({ title: 'Error', description: `Could not end the other sessions: ${serverMessage(error)}`, variant: 'destructive' }),
    });
  }

  return (
    <Card aria-busy={!failed && !sessions}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2 space-y-0">
        <div className="space-y-1.5">
          <CardTitle id={HEADING_ID}>Sessions</CardTitle>
          <CardDescription>The browsers signed in to your record.</CardDescription>
        </div>
        {others > 0 && (
          <Button variant="outline" size="sm" aria-disabled={endOthers.isPending || undefined} onClick={end}>
            {endOthers.isPending ? 'Ending...' : 'End all other sessions'}
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {failed ? (
          <p className="text-sm text-muted-foreground">Could not load your sessions right now.</p>
        ) : !sessions ? (
          <Skeleton className="h-12 w-full" />
        ) : sessions.length === 0 ? (
          <EmptyState
            icon={MonitorSmartphone}
            title="No sessions"
            description="Nobody signs in yet: set a passphrase or add a passkey to protect your record."
          />
        ) : (
          <ul aria-labelledby={HEADING_ID} className="-my-3 divide-y">
            {sessions.map((session) => (
              <li key={`${session.createdAt}-${session.lastSeenAt}-${session.userAgent}`} className="space-y-1 py-3 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {describeDevice(session.userAgent)}
                  {session.current && <Badge variant="info">This device</Badge>}
                </p>
                <p className="text-muted-foreground">
                  Last seen {formatDateTime(session.lastSeenAt)}
                  {session.clientAddress && <> · {session.clientAddress}</>}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
