import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../components/ui/button';
import { Popover, PopoverTrigger } from '../components/ui/popover';
import { Tooltip } from '../components/ui/tooltip';
import { notificationsKey, unreadCountQuery } from '../lib/api/notifications';
import { usePatientId } from '../lib/patient-id';
import { useOpenedOnce } from '../lib/use-opened-once';

// The list, its links and its actions: loaded when the bell is first pressed (ADR 20).
const NotificationsPanel = lazy(() => import('./notifications-panel'));

/**
 * The header's bell (part 1 §2 (docs/product.md#part-1-2); issue 33): the patient's unread count, read again when the
 * window gets the focus back and every minute, and the panel it opens. No badge at 0; the name always says the count.
 */
export default function NotificationsBell() {
  const patientId = usePatientId();
  const queryClient = useQueryClient();
  const { data } = useQuery(unreadCountQuery(patientId));
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  // Until the count has come, the bell is named without one.
  const unread = data?.unread;
  const label = unread === undefined ? 'Notifications' : `Notifications (${unread} unread)`;

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        // Each opening reads the list and the count afresh: the scheduler may have written since.
        if (next) void queryClient.invalidateQueries({ queryKey: notificationsKey(patientId) });
        setOpen(next);
      }}
    >
      <Tooltip label={label}>
        <PopoverTrigger asChild>
          <Button variant="ghost" size="icon" className="relative [&_svg]:size-5" aria-label={label}>
            <Bell aria-hidden="true" />
            {unread !== undefined && unread > 0 && (
              <span
                aria-hidden="true"
                className="absolute right-0.5 top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-semibold leading-none text-destructive-foreground ring-2 ring-card"
              >
                {unread > 99 ? '99+' : unread}
              </span>
            )}
          </Button>
        </PopoverTrigger>
      </Tooltip>
      {opened && (
        <Suspense fallback={null}>
          <NotificationsPanel unread={unread} onFollow={() => setOpen(false)} />
        </Suspense>
      )}
    </Popover>
  );
}
