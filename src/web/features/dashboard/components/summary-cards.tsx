import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CalendarDays, FileText } from 'lucide-react';
import { upcomingAppointments } from '../../../../shared/rules/appointments';
import { summarizeCare } from '../../../../shared/rules/care-summary';
import { formatDate } from '../../../../shared/rules/formats';
import { appointmentsQuery } from '../../../lib/api/appointments';
import { medicalRecordSummaryQuery } from '../../../lib/api/medical-records';
import { careItemsQuery } from '../../../lib/api/preventative-care';
import { usePatientToday } from '../../../lib/use-patient-today';
import { usePatientId } from '../../../lib/patient-id';
import { paths } from '../../../app/paths';
import { SummaryCard } from './summary-card';

export function SummaryCards() {
  const patientId = usePatientId();
  const appointments = useQuery(appointmentsQuery(patientId));
  const care = useQuery(careItemsQuery(patientId));
  const records = useQuery(medicalRecordSummaryQuery(patientId));
  const today = usePatientToday();

  const upcoming = upcomingAppointments(appointments.data ?? []);
  const next = upcoming[0];
  const summary = summarizeCare(care.data ?? [], today);
  const overdue = summary.display === 'Overdue';
  const newestRecord = records.data?.latest;

  return (
    <div className="grid gap-4 md:grid-cols-3">
      <SummaryCard
        title="Upcoming Appointments"
        icon={CalendarDays}
        loading={appointments.isPending}
        error={appointments.isError}
        value={upcoming.length}
        detail={next ? `Next: ${next.appointmentType} on ${formatDate(next.appointmentDate)}` : 'No upcoming appointments'}
        link={{ href: paths.appointments, label: 'View appointments' }}
      />
      <SummaryCard
        title="Preventative Care"
        icon={AlertTriangle}
        iconClassName={overdue ? 'text-red-600 dark:text-red-400' : undefined}
        loading={care.isPending}
        error={care.isError}
        value={<span className={overdue ? 'text-red-700 dark:text-red-400' : 'text-green-700 dark:text-green-400'}>{summary.display}</span>}
        detail={summary.message}
      />
      <SummaryCard
        title="Medical Records"
        icon={FileText}
        loading={records.isPending}
        error={records.isError}
        value={`${records.data?.count ?? 0} Files`}
        detail={newestRecord ? `Last updated ${formatDate(newestRecord.uploadDate)}` : 'No records uploaded yet'}
        link={{ href: paths.records, label: 'View records' }}
      />
    </div>
  );
}
