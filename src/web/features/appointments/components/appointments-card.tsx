import { CalendarDays, CalendarPlus, Download } from 'lucide-react';
import { useState } from 'react';
import type { Appointment, Provider } from '../../../../shared/contracts/appointments';
import { groupAppointments, UNKNOWN_PROVIDER } from '../../../../shared/rules/appointment-display';
import { usePatientId } from '../../../lib/patient-id';
import { Button } from '../../../components/ui/button';
import { buttonClass } from '../../../components/ui/button-variants';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { calendarExportUrl } from '../../../lib/api/appointments';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { AppointmentItem } from './appointment-item';
import { StatusChangeDialog, type StatusChange } from './status-change-dialog';

const SECTIONS = [
  ['upcoming', 'Upcoming Appointments'],
  ['completed', 'Completed Appointments'],
  ['cancelled', 'Cancelled Appointments'],
] as const;

// After a change the row moves to another section; focus falls back to the upcoming section's heading.
const FALLBACK_FOCUS_ID = 'appointments-upcoming';

interface AppointmentsCardProps {
  /** undefined while loading. */
  appointments: Appointment[] | undefined;
  providers: Provider[] | undefined;
  failed: boolean;
  onScheduleNew(): void;
}

/** View Appointments: the patient's own appointments in three sections by status (part 2 §2 (docs/product.md#part-2-2)). */
export function AppointmentsCard({ appointments, providers, failed, onScheduleNew }: AppointmentsCardProps) {
  const patientId = usePatientId();
  const [change, setChange] = useState<StatusChange | null>(null);
  const focus = useReturnFocus(FALLBACK_FOCUS_ID);
  const providerName = (id: number) => providers?.find((provider) => provider.id === id)?.name ?? UNKNOWN_PROVIDER;
  const ask = (status: StatusChange['status']) => (appointment: Appointment) => {
    focus.remember();
    setChange({ appointment, status });
  };
  const groups = appointments ? groupAppointments(appointments) : null;

  if (failed || !groups || !providers || appointments?.length === 0) {
    return (
      <Card aria-busy={!failed && (!groups || !providers)}>
        <CardHeader>
          <CardTitle>Upcoming Appointments</CardTitle>
        </CardHeader>
        <CardContent>
          {failed ? (
            <p className="text-sm text-muted-foreground">Could not load your appointments right now.</p>
          ) : !groups || !providers ? (
            <div className="space-y-3">
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} className="h-16 w-full" />
              ))}
            </div>
          ) : (
            <EmptyState
              icon={CalendarDays}
              title="No appointments found"
              description="Schedule your first appointment to get started."
              action={
                <Button onClick={onScheduleNew}>
                  <CalendarPlus aria-hidden="true" />
                  Schedule New
                </Button>
              }
            />
          )}
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="space-y-6">
      {SECTIONS.map(([key, heading]) => {
        const items = groups[key];
        // Upcoming always shows, to say there is nothing ahead; the history sections only when they hold something.
        if (items.length === 0 && key !== 'upcoming') return null;
        const headingId = `appointments-${key}`;
        return (
          <Card key={key} aria-labelledby={headingId}>
            <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0">
              <CardTitle id={headingId} tabIndex={-1} className="outline-none">
                {heading}
              </CardTitle>
              {key === 'upcoming' && items.length > 0 && (
                <a href={calendarExportUrl(patientId)} download className={buttonClass({ variant: 'outline', size: 'sm' })}>
                  <Download aria-hidden="true" />
                  Export calendar
                </a>
              )}
            </CardHeader>
            <CardContent>
              {items.length === 0 ? (
                <p className="text-sm text-muted-foreground">No upcoming appointments.</p>
              ) : (
                <ul className="-my-4 divide-y">
                  {items.map((appointment) => (
                    <AppointmentItem
                      key={appointment.id}
                      appointment={appointment}
                      providerName={providerName(appointment.providerId)}
                      onCancel={ask('cancelled')}
                      onComplete={ask('completed')}
                    />
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        );
      })}
      <StatusChangeDialog change={change} onClose={() => setChange(null)} onCloseAutoFocus={focus.restore} />
    </div>
  );
}
