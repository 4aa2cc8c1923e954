import type { Appointment } from '../../../../shared/contracts/appointments';
import { formatDate } from '../../../../shared/rules/formats';
import { usePatientId } from '../../../lib/patient-id';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { useChangeAppointmentStatus } from '../../../lib/api/appointments';
import { serverMessage } from '../../../lib/api-client';

/** The change a patient is confirming: cancelling or completing one scheduled appointment. */
export interface StatusChange {
  appointment: Appointment;
  status: 'cancelled' | 'completed';
}

interface StatusChangeDialogProps {
  change: StatusChange | null;
  onClose(): void;
  onCloseAutoFocus(event: Event): void;
}

/** 'Cancel Appointment' and 'Complete Appointment' (part 2 §2 (docs/product.md#part-2-2)), each sent only after the patient confirms. */
export function StatusChangeDialog({ change, onClose, onCloseAutoFocus }: StatusChangeDialogProps) {
  const patientId = usePatientId();
  const changeStatus = useChangeAppointmentStatus(patientId);
  const type = change?.appointment.appointmentType ?? '';
  const date = change ? formatDate(change.appointment.appointmentDate) : '';
  const cancelling = change?.status === 'cancelled';

  function confirm() {
    if (!change || changeStatus.isPending) return;
    changeStatus.mutate(
      { id: change.appointment.id, status: change.status },
      {
        onSuccess: () => {
          toast(
            cancelling
              ? { title: 'Appointment Cancelled', description: `Your ${type} appointment on ${date} has been cancelled.` }
              : { title: 'Appointment Completed', description: `Your ${type} appointment on ${date} is marked as completed.` },
          );
          onClose();
        },
        onError: (error) => {
          toast({ title: 'Error', description: `Failed to update appointment: ${serverMessage(error)}`, variant: 'destructive' });
          onClose();
        },
      },
    );
  }

  return (
    <ConfirmDialog
      open={change !== null}
      title={cancelling ? 'Cancel Appointment' : 'Complete Appointment'}
      description={
        cancelling ? `Are you sure you want to cancel your ${type} appointment on ${date}?` : `Mark your ${type} appointment on ${date} as completed?`
      }
      cancelLabel={cancelling ? 'Keep Appointment' : 'Cancel'}
      confirmLabel={cancelling ? 'Cancel Appointment' : 'Mark as Completed'}
      confirmVariant={cancelling ? 'destructive' : 'default'}
      pending={changeStatus.isPending}
      onConfirm={confirm}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
