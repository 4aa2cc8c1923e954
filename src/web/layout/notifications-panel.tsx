import { BellOff, Settings } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import type { Notification } from '../../shared/contracts/notifications';
import { formatDateTime } from '../../shared/rules/formats';
import { paths } from '../app/paths';
import { Button } from '../components/ui/button';
import { buttonClass } from '../components/ui/button-variants';
import { PopoverContent } from '../components/ui/popover';
import { Skeleton } from '../components/ui/skeleton';
import { toast } from '../components/ui/use-toast';
import { notificationPagesQuery, useMarkAllNotificationsRead, useMarkNotificationRead } from '../lib/api/notifications';
import { serverMessage } from '../lib/api-client';
import { cn } from '../lib/cn';
import { usePatientId } from '../lib/patient-id';
import { useLeaveForPage } from '../lib/use-heading-focus';
import { usePagedList } from '../lib/use-paged-list';
import { appPath, failedChannelsWords, unreadSentence } from './notification-words';

interface NotificationsPanelProps {
  /** The bell's count; undefined until it has come. */
  unread: number | undefined;
  /** A link of the panel was followed: the panel closes. */
  onFollow(): void;
}

/**
 * The bell's panel (issue 33): the spec's sentence of part 1 §2 (docs/product.md#part-1-2), 'You have 3 unread
 * notifications.', then the notifications newest first, each a link to its screen that marks it read when followed,
 * 'Mark all read' and 'Load more'. Loaded when the bell is first pressed (ADR 20). A Radix popover: focus
 * moves in when it opens and back to the bell when it closes, unless a link was followed; Escape or a click outside
 * closes it.
 */
export default function NotificationsPanel({ unread, onFollow }: NotificationsPanelProps) {
  const titleId = useId();
  const sentenceId = useId();
  // A followed link leaves the panel for its screen: the focus goes there (a page's heading, as from the Settings
  // dialog), not back to the bell.
  const { leave: follow, onCloseAutoFocus } = useLeaveForPage(onFollow);
  return (
    <PopoverContent
      onCloseAutoFocus={onCloseAutoFocus}
      align="end"
      aria-labelledby={titleId}
      aria-describedby={sentenceId}
      className="flex max-h-[min(32rem,calc(100dvh-5rem))] w-[calc(100vw-1rem)] max-w-sm flex-col p-0"
    >
      {/* The list and its queries mount with each opening (the popover unmounts its content when closed). */}
      <PanelBody unread={unread} onFollow={follow} titleId={titleId} sentenceId={sentenceId} />
    </PopoverContent>
  );
}

function PanelBody({ unread, onFollow, titleId, sentenceId }: NotificationsPanelProps & { titleId: string; sentenceId: string }) {
  const patientId = usePatientId();
  const list = usePagedList(notificationPagesQuery(patientId));
  const markRead = useMarkNotificationRead(patientId);
  const markAllRead = useMarkAllNotificationsRead(patientId);
  const nothingUnread = unread === 0;

  function readAll() {
    if (markAllRead.isPending || nothingUnread) return;
    markAllRead.mutate(undefined, {
      onError: (error) =>
        toast({ title: 'Error', description: `Could not mark your notifications read: ${serverMessage(error)}`, variant: 'destructive' }),
    });
  }

  function follow(notification: Notification) {
    // The mutation goes on after the panel closes; its settling refreshes the bell.
    if (notification.readAt === null) markRead.mutate(notification.id);
    onFollow();
  }

  return (
    <>
      <div className="flex items-start justify-between gap-3 border-b p-4">
        <div className="min-w-0">
          <h2 id={titleId} className="font-semibold">
            Notifications
          </h2>
          {/* Polite: after 'Mark all read' a screen reader hears the new count. */}
          <p id={sentenceId} aria-live="polite" className="text-sm text-muted-foreground">
            {unread === undefined ? '' : unreadSentence(unread)}
          </p>
        </div>
        {/* aria-disabled, not disabled: a disabled button would drop the focus out of the panel once all are read. */}
        <Button
          variant="outline"
          size="sm"
          className="shrink-0 aria-disabled:cursor-not-allowed aria-disabled:opacity-70"
          aria-disabled={markAllRead.isPending || nothingUnread || undefined}
          onClick={readAll}
        >
          {markAllRead.isPending ? 'Marking…' : 'Mark all read'}
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto" aria-busy={list.busy}>
        {list.isPending ? (
          <div className="space-y-3 p-4">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : list.isError ? (
          <p className="p-4 text-sm text-muted-foreground">Could not load your notifications right now.</p>
        ) : list.items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
            <BellOff className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">No notifications yet</p>
            <p className="text-sm text-muted-foreground">Reminders of appointments, doses, refills and care due show here.</p>
          </div>
        ) : (
          <ul className="divide-y" aria-label="Notifications, newest first">
            {list.items.map((notification) => (
              <li key={notification.id}>
                <NotificationLink notification={notification} onFollow={() => follow(notification)} />
              </li>
            ))}
          </ul>
        )}
        {list.hasMore && (
          <div className="space-y-2 border-t p-3 text-center">
            {list.more === 'failed' && <p className="text-sm text-muted-foreground">Could not load more notifications.</p>}
            <Button
              variant="outline"
              size="sm"
              className="aria-disabled:cursor-not-allowed aria-disabled:opacity-70"
              aria-disabled={list.more === 'loading' || undefined}
              onClick={list.askMore}
            >
              {list.more === 'loading' ? 'Loading…' : 'Load more'}
            </Button>
          </div>
        )}
      </div>
      <div className="border-t p-2">
        <Link href={paths.notifications} onClick={onFollow} className={buttonClass({ variant: 'ghost', size: 'sm', className: 'w-full' })}>
          <Settings aria-hidden="true" /> Notification settings
        </Link>
      </div>
    </>
  );
}

/** One notification: a link to its screen. Unread ones say so in words and in weight, not by colour alone. */
function NotificationLink({ notification, onFollow }: { notification: Notification; onFollow(): void }) {
  const unread = notification.readAt === null;
  return (
    <Link
      href={appPath(notification.link)}
      onClick={onFollow}
      className="flex gap-3 px-4 py-3 outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
    >
      <span aria-hidden="true" className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-primary' : 'border border-muted-foreground')} />
      <span className="grid min-w-0 gap-0.5">
        <span className={cn('break-words text-sm', unread ? 'font-semibold' : 'font-normal')}>{notification.title}</span>
        <span className="text-xs text-muted-foreground">
          <time dateTime={notification.createdAt}>{formatDateTime(notification.createdAt)}</time>
          {unread && (
            <>
              {' · '}
              <span className="font-medium text-foreground">Unread</span>
            </>
          )}
        </span>
        {notification.missed && <span className="text-xs text-muted-foreground">Missed while the app was off</span>}
        {notification.failedChannels.length > 0 && (
          <span className="text-xs text-destructive">{failedChannelsWords(notification.failedChannels)}</span>
        )}
      </span>
    </Link>
  );
}
