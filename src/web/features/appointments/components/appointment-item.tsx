import { CalendarPlus, CheckCircle2, PhoneCall, PhoneOff, XCircle } from 'lucide-react';
import type { Appointment } from '../../../../shared/contracts/appointments';
import { formatAppointmentTime } from '../../../../shared/rules/appointment-display';
import { statusTone } from '../../../../shared/rules/care';
import { formatDate } from '../../../../shared/rules/formats';
import { Button } from '../../../components/ui/button';
import { buttonClass } from '../../../components/ui/button-variants';
import { appointmentCalendarUrl } from '../../../lib/api/appointments';
import { cn } from '../../../lib/cn';
import { toneSoft } from '../../../lib/tones';

const STATUS_LABELS: Record<Appointment['status'], string> = {
  scheduled: 'Scheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

interface AppointmentItemProps {
  appointment: Appointment;
  providerName: string;
  onCancel(appointment: Appointment): void;
  onComplete(appointment: Appointment): void;
}

/** One appointment of View Appointments (part 2 §2 (docs/product.md#part-2-2)); only a scheduled one has actions. */
export function AppointmentItem({ appointment, providerName, onCancel, onComplete }: AppointmentItemProps) {
  const date = formatDate(appointment.appointmentDate);
  const scheduled = appointment.status === 'scheduled';
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="break-words font-medium">{appointment.appointmentType}</h3>
          <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', toneSoft[statusTone(appointment.status)])}>
            {STATUS_LABELS[appointment.status]}
          </span>
        </div>
        <p className="text-sm text-muted-foreground">
          {appointment.status === 'cancelled' ? `Was scheduled with ${providerName} for ${date}` : `With ${providerName} on ${date}`}
        </p>
        <p className="text-sm text-muted-foreground">Time: {formatAppointmentTime(appointment.appointmentTime)}</p>
        {appointment.notes && <p className="whitespace-pre-line break-words text-sm">{appointment.notes}</p>}
        <ConfirmationCall appointment={appointment} />
      </div>
      {scheduled && (
        // Below sm: Cancel and Complete side by side, the calendar link under them across the row.
        <div className="grid shrink-0 grid-cols-2 gap-2 sm:flex">
          <a
            href={appointmentCalendarUrl(appointment.id)}
            download
            aria-label={`Add to calendar: ${appointment.appointmentType} on ${date}`}
            className={buttonClass({ variant: 'ghost', size: 'sm', className: 'order-last col-span-2 sm:order-none' })}
          >
            <CalendarPlus aria-hidden="true" />
            Add to calendar
          </a>
          <Button variant="outline" size="sm" onClick={() => onCancel(appointment)} aria-label={`Cancel ${appointment.appointmentType} on ${date}`}>
            <XCircle aria-hidden="true" />
            Cancel
          </Button>
          <Button size="sm" onClick={() => onComplete(appointment)} aria-label={`Complete ${appointment.appointmentType} on ${date}`}>
            <CheckCircle2 aria-hidden="true" />
            Complete
          </Button>
        </div>
      )}
    </li>
  );
}

/** What became of the call that confirms a quick-scheduled appointment with the provider (issue 12); nothing when none was made. */
function ConfirmationCall({ appointment }: { appointment: Appointment }) {
  if (appointment.confirmationCallStatus === 'placed') {
    return (
      <p className="flex items-center gap-1.5 text-sm text-green-700 dark:text-green-400">
        <PhoneCall aria-hidden="true" className="size-3.5" />
        Confirmation call placed to the provider
      </p>
    );
  }
  if (appointment.confirmationCallStatus === 'failed') {
    return (
      <p className="flex items-start gap-1.5 text-sm text-amber-800 dark:text-amber-300">
        <PhoneOff aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
        <span>
          Confirmation call failed{appointment.confirmationCallError ? `: ${appointment.confirmationCallError}` : ''}. Please call the provider to
          confirm.
        </span>
      </p>
    );
  }
  return null;
}
