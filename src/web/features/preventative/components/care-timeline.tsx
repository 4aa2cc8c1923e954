import { useQuery } from '@tanstack/react-query';
import { CalendarClock, CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { CareItem } from '../../../../shared/contracts/preventative-care';
import { shownOn } from '../../../../shared/rules/care';
import { dueInLabel, groupForTimeline, overdueDays, overdueLabel, TIMELINE_GROUPS } from '../../../../shared/rules/care-timeline';
import { formatDate } from '../../../../shared/rules/formats';
import { usePatientId } from '../../../lib/patient-id';
import { scheduleForCare } from '../../../app/paths';
import { CareTimelineEntry, CareTimelineList } from '../../../components/care/care-timeline-list';
import { Button } from '../../../components/ui/button';
import { buttonClass } from '../../../components/ui/button-variants';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { appointmentsQuery } from '../../../lib/api/appointments';
import { careItemsQuery, useUpdateCareItem } from '../../../lib/api/preventative-care';
import { serverMessage } from '../../../lib/api-client';
import { usePatientToday } from '../../../lib/use-patient-today';

const HEADING_ID = 'care-timeline-heading';

/** The Timeline View (issue 12, point 5): the grouped timeline of part 1 §4 (docs/product.md#part-1-4), with Schedule and Mark Complete. */
export function CareTimeline() {
  const patientId = usePatientId();
  const care = useQuery(careItemsQuery(patientId));
  const appointments = useQuery(appointmentsQuery(patientId));
  const update = useUpdateCareItem(patientId);
  const [completing, setCompleting] = useState<number | null>(null);
  const today = usePatientToday();

  /** 'Scheduled for …': the day of the appointment booked for the item, else its due date. */
  const scheduledDay = (item: CareItem) =>
    appointments.data?.find((a) => a.careItemId === item.id && a.status === 'scheduled')?.appointmentDate ?? item.dueDate;

  function markComplete(item: CareItem) {
    if (update.isPending) return;
    setCompleting(item.id);
    update.mutate(
      { id: item.id, changes: { status: 'completed' } },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: 'Preventative care item updated successfully' });
          // The item's row moved to Completed; keep the keyboard in the timeline.
          document.getElementById(HEADING_ID)?.focus();
        },
        onError: (error) => toast({ title: 'Error', description: `Failed to update: ${serverMessage(error)}`, variant: 'destructive' }),
        onSettled: () => setCompleting(null),
      },
    );
  }

  const groups = care.data ? groupForTimeline(shownOn(care.data, today)) : null;
  return (
    <Card aria-busy={care.isPending}>
      <CardHeader>
        <CardTitle id={HEADING_ID} tabIndex={-1} className="outline-none">
          Your Preventative Care Timeline
        </CardTitle>
      </CardHeader>
      <CardContent>
        {care.isPending ? (
          <div className="space-y-4">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : care.isError || !groups ? (
          <p className="text-sm text-muted-foreground">Could not load your preventative care right now.</p>
        ) : care.data.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No preventative care items found</p>
        ) : (
          <div className="space-y-6">
            {TIMELINE_GROUPS.map(([status, heading]) => {
              const items = groups[status];
              if (items.length === 0) return null;
              return (
                <section key={status} aria-labelledby={`timeline-${status}`}>
                  <h3 id={`timeline-${status}`} className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted-foreground">
                    {heading}
                  </h3>
                  <CareTimelineList>
                    {items.map((item) => (
                      <CareTimelineEntry key={item.id} status={item.status}>
                        <p className="font-medium">{item.careName}</p>
                        <StatusLine item={item} today={today} scheduledDay={scheduledDay(item)} />
                        {item.notes && <p className="mt-1 whitespace-pre-line break-words text-sm text-muted-foreground">Note: {item.notes}</p>}
                        <div className="mt-2 flex flex-wrap gap-2">
                          {(item.status === 'overdue' || item.status === 'upcoming') && (
                            <Link
                              href={scheduleForCare(item.id)}
                              className={buttonClass({ size: 'sm', variant: item.status === 'overdue' ? 'destructive' : 'outline' })}
                              aria-label={`${item.status === 'overdue' ? 'Schedule Now' : 'Schedule'}: ${item.careName}`}
                            >
                              <CalendarClock aria-hidden="true" />
                              {item.status === 'overdue' ? 'Schedule Now' : 'Schedule'}
                            </Link>
                          )}
                          {(item.status === 'upcoming' || item.status === 'scheduled') && (
                            <Button
                              size="sm"
                              variant="outline"
                              aria-label={`Mark Complete: ${item.careName}`}
                              aria-disabled={completing === item.id || undefined}
                              className="aria-disabled:opacity-70"
                              onClick={() => markComplete(item)}
                            >
                              <CheckCircle2 aria-hidden="true" />
                              {completing === item.id ? 'Saving...' : 'Mark Complete'}
                            </Button>
                          )}
                        </div>
                      </CareTimelineEntry>
                    ))}
                  </CareTimelineList>
                </section>
              );
            })}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function StatusLine({ item, today, scheduledDay }: { item: CareItem; today: string; scheduledDay: string }) {
  const line = (() => {
    switch (item.status) {
      case 'overdue':
        return <span className="font-medium text-red-700 dark:text-red-400">{overdueLabel(overdueDays(item.dueDate, today))}</span>;
      case 'upcoming': {
        const label = dueInLabel(item.dueDate, today);
        return label === 'Due today' ? label : `${label} · ${formatDate(item.dueDate)}`;
      }
      case 'scheduled':
        return `Scheduled for ${formatDate(scheduledDay)}`;
      case 'completed':
        return item.lastCompleted ? `Completed on ${formatDate(item.lastCompleted)}` : 'Completed on Unknown';
    }
  })();
  return <p className="mt-0.5 text-sm text-muted-foreground">{line}</p>;
}
