import { useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { Link } from 'wouter';
import { shownOn } from '../../../../shared/rules/care';
import { overdueDays, overdueLabel, sortForTimeline } from '../../../../shared/rules/care-timeline';
import { formatDate } from '../../../../shared/rules/formats';
import type { CareItem } from '../../../../shared/contracts/preventative-care';
import { paths, scheduleForCare } from '../../../app/paths';
import { CareTimelineEntry, CareTimelineList } from '../../../components/care/care-timeline-list';
import { buttonClass } from '../../../components/ui/button-variants';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { careItemsQuery } from '../../../lib/api/preventative-care';
import { usePatientToday } from '../../../lib/use-patient-today';
import { usePatientId } from '../../../lib/patient-id';

const VISIBLE = 3;

function CareStatusLine({ item, today }: { item: CareItem; today: string }) {
  switch (item.status) {
    case 'overdue':
      return (
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <span className="text-sm font-medium text-red-700 dark:text-red-400">{overdueLabel(overdueDays(item.dueDate, today))}</span>
          <Link href={scheduleForCare(item.id)} aria-label={`Schedule Now: ${item.careName}`} className={buttonClass({ size: 'sm', variant: 'destructive' })}>
            Schedule Now
          </Link>
        </div>
      );
    case 'scheduled':
      return (
        <p className="mt-1 flex items-center gap-1 text-sm text-muted-foreground">
          <Check className="size-4 text-green-700 dark:text-green-400" aria-hidden="true" /> Scheduled
        </p>
      );
    case 'completed':
      return <p className="mt-1 text-sm text-muted-foreground">Completed{item.lastCompleted ? ` ${formatDate(item.lastCompleted)}` : ''}</p>;
    default:
      return <p className="mt-1 text-sm text-muted-foreground">Due {formatDate(item.dueDate)}</p>;
  }
}

export function CareTimelineCard() {
  const patientId = usePatientId();
  const care = useQuery(careItemsQuery(patientId));
  const today = usePatientToday();
  const items = sortForTimeline(shownOn(care.data ?? [], today)).slice(0, VISIBLE);

  return (
    <Card aria-busy={care.isPending}>
      <CardHeader className="flex-row items-center justify-between gap-4">
        <CardTitle className="leading-tight">Preventative Care Timeline</CardTitle>
        <Link
          href={paths.preventative}
          className="shrink-0 whitespace-nowrap rounded text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          View details
        </Link>
      </CardHeader>
      <CardContent>
        {care.isPending ? (
          <div className="space-y-4">
            {Array.from({ length: VISIBLE }, (_, i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : care.isError ? (
          <p className="text-sm text-muted-foreground">Could not load your preventative care right now.</p>
        ) : items.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No preventative care items found</p>
        ) : (
          <CareTimelineList>
            {items.map((item) => (
              <CareTimelineEntry key={item.id} status={item.status}>
                <p className="text-sm font-medium">{item.careName}</p>
                <CareStatusLine item={item} today={today} />
              </CareTimelineEntry>
            ))}
          </CareTimelineList>
        )}
      </CardContent>
    </Card>
  );
}
