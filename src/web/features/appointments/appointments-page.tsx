import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { appointmentTypeChoices } from '../../../shared/rules/appointment-display';
import { usePatientId } from '../../lib/patient-id';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { appointmentsQuery } from '../../lib/api/appointments';
import { careItemsQuery } from '../../lib/api/preventative-care';
import { providersQuery } from '../../lib/api/providers';
import { AppointmentsCard } from './components/appointments-card';
import { ProvidersCard } from './components/providers-card';
import { ScheduleCard } from './components/schedule-card';

type Tab = 'view' | 'schedule';

/** `?care=12` → 12; anything else (absent, 'abc', '0') → null. */
function careItemIdOf(search: string): number | null {
  const care = new URLSearchParams(search).get('care');
  return care !== null && /^[1-9]\d{0,9}$/.test(care) ? Number(care) : null;
}

export default function AppointmentsPage() {
  const search = useSearch();
  // A new ?care= (a Schedule button pressed while this screen is open) starts the screen over on Schedule New.
  return <AppointmentsScreen key={search} search={search} />;
}

function AppointmentsScreen({ search }: { search: string }) {
  const patientId = usePatientId();
  // Schedule New opens when the care parameter is present, View Appointments otherwise (part 2 §2 (docs/product.md#part-2-2)).
  const hasCareParam = new URLSearchParams(search).has('care');
  const [tab, setTab] = useState<Tab>(hasCareParam ? 'schedule' : 'view');
  const appointments = useQuery(appointmentsQuery(patientId));
  const providers = useQuery(providersQuery(patientId));

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Appointments</h1>
        <p className="mt-1 text-muted-foreground">Schedule and manage your healthcare appointments</p>
      </div>
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="view" className="flex-1 sm:flex-none">
            View Appointments
          </TabsTrigger>
          <TabsTrigger value="schedule" className="flex-1 sm:flex-none">
            Schedule New
          </TabsTrigger>
        </TabsList>
        <TabsContent value="view" className="mt-4 space-y-6">
          <AppointmentsCard
            appointments={appointments.data}
            providers={providers.data}
            failed={appointments.isError || providers.isError}
            onScheduleNew={() => setTab('schedule')}
          />
          <ProvidersCard providers={providers.data} failed={providers.isError} />
        </TabsContent>
        <TabsContent value="schedule" className="mt-4">
          <ScheduleTab careItemId={careItemIdOf(search)} hasCareParam={hasCareParam} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function ScheduleTab({ careItemId, hasCareParam }: { careItemId: number | null; hasCareParam: boolean }) {
  const patientId = usePatientId();
  const appointments = useQuery(appointmentsQuery(patientId));
  const providers = useQuery(providersQuery(patientId));
  const careItems = useQuery({ ...careItemsQuery(patientId), enabled: careItemId !== null });
  const careLoading = careItemId !== null && careItems.isPending;

  if (appointments.isError || providers.isError) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Schedule an Appointment</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-muted-foreground">Could not load your providers and appointments right now; please reload the page.</p>
        </CardContent>
      </Card>
    );
  }
  if (appointments.isPending || providers.isPending || careLoading) {
    return (
      <Card aria-busy="true">
        <CardHeader>
          <CardTitle>Schedule an Appointment</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5 md:grid-cols-2">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </CardContent>
      </Card>
    );
  }
  // Only the patient's own item: an id that is not one of theirs books a plain appointment.
  const careItem = (careItemId !== null && careItems.data?.find((item) => item.id === careItemId)) || null;
  const typeChoices = appointmentTypeChoices(
    appointments.data.map((appointment) => appointment.appointmentType),
    careItem?.careName,
  );
  return (
    <div className="space-y-4">
      {hasCareParam && !careItem && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200">
          That care item could not be found, so this appointment will not be linked to one.
        </p>
      )}
      <ScheduleCard typeChoices={typeChoices} providers={providers.data} careItem={careItem} />
    </div>
  );
}
