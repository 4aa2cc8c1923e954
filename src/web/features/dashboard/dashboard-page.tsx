import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Skeleton } from '../../components/ui/skeleton';
import { userQuery } from '../../lib/api/users';
import { usePatientId } from '../../lib/patient-id';
import { CareTimelineCard } from './components/care-timeline-card';
import { RecentActivityCard } from './components/recent-activity-card';
import { SummaryCards } from './components/summary-cards';
import { TodaysDosesCard } from './components/todays-doses-card';

// The latest measurements (issue 35) come after the first paint, in a chunk of their own, and last on the page.
const MeasurementsCard = lazy(() => import('./components/measurements-card'));

export default function DashboardPage() {
  const patientId = usePatientId();
  const user = useQuery(userQuery(patientId));
  const firstName = user.data?.displayName.trim().split(/\s+/)[0];

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight md:text-3xl">
          Welcome back,{' '}
          {firstName ?? (user.isPending ? <Skeleton className="inline-block h-7 w-28" /> : 'there')}
        </h1>
        <p className="mt-1 text-muted-foreground">Here's your health overview for today</p>
      </div>
      <SummaryCards />
      {/*
        Today's doses appears once its answer comes (nothing while it loads, nothing when nothing is due). On a phone it
        follows the summary cards, below the first screen; from md up, where that spot is on the first screen, it comes
        last, so that its arrival moves nothing the patient already sees (Lighthouse's layout shift, issue 32).
      */}
      <TodaysDosesCard className="md:order-last" />
      <Suspense fallback={null}>
        <MeasurementsCard className="order-last" />
      </Suspense>
      <div className="grid gap-6 lg:grid-cols-2">
        <RecentActivityCard />
        <CareTimelineCard />
      </div>
    </div>
  );
}
