import type { Medication } from '../../../../shared/contracts/medications';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/api-client';
import { useDeleteMedication } from '../../../lib/api/medications';
import { usePatientId } from '../../../lib/patient-id';

interface RemoveMedicationDialogProps {
  medication: Medication | null;
  onClose(): void;
  onCloseAutoFocus(event: Event): void;
}

/** Removes a medication and its dose log after asking; stopping keeps the history, and the dialog says so. */
export function RemoveMedicationDialog({ medication, onClose, onCloseAutoFocus }: RemoveMedicationDialogProps) {
  const patientId = usePatientId();
  const removal = useDeleteMedication(patientId);

  function confirm() {
    if (!medication || removal.isPending) return;
    removal.mutate(medication.id, {
      onSuccess: () => toast({ title: 'Medication removed', description: `${medication.name} has been removed from your medications.` }),
      onError: (error) => toast({ title: 'Error', description: `Failed to remove medication: ${serverMessage(error)}`, variant: 'destructive' }),
      onSettled: onClose,
    });
  }

  return (
    <ConfirmDialog
      open={medication !== null}
      title="Remove medication?"
      description={medication && `This will remove ${medication.name} and its dose log. To keep its history, stop it instead.`}
      confirmLabel="Remove Medication"
      pending={removal.isPending}
      onConfirm={confirm}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
