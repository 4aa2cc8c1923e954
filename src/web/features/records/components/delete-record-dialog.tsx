import type { MedicalRecord } from '../../../../shared/contracts/medical-records';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { toast } from '../../../components/ui/use-toast';
import { useDeleteMedicalRecord } from '../../../lib/api/delete-medical-record';
import { serverMessage } from '../../../lib/api-client';

interface DeleteRecordDialogProps {
  record: MedicalRecord | null;
  onClose(): void;
  onCloseAutoFocus(event: Event): void;
}

export function DeleteRecordDialog({ record, onClose, onCloseAutoFocus }: DeleteRecordDialogProps) {
  const deletion = useDeleteMedicalRecord();

  function confirm() {
    if (!record) return;
    deletion.mutate(record.id, {
      onSuccess: () => {
        toast({ title: 'Record deleted', description: 'Medical record has been deleted successfully' });
        onClose();
      },
      onError: (error) => {
        toast({ title: 'Error', description: `Failed to delete record: ${serverMessage(error)}`, variant: 'destructive' });
        onClose();
      },
    });
  }

  return (
    <AlertDialog open={record !== null} onOpenChange={(open) => !open && !deletion.isPending && onClose()}>
      {record && (
        <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
          <AlertDialogTitle>Delete Record</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to delete "{record.filename}"? This action cannot be undone.
          </AlertDialogDescription>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogCancel disabled={deletion.isPending}>Cancel</AlertDialogCancel>
            <AlertDialogConfirm onClick={confirm} disabled={deletion.isPending}>
              Delete
            </AlertDialogConfirm>
          </div>
        </AlertDialogContent>
      )}
    </AlertDialog>
  );
}
