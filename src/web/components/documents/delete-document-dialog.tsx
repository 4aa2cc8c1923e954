import type { ReactNode } from 'react';
import type { MedicalRecord } from '../../../shared/contracts/medical-records';
import { useDeleteMedicalRecord } from '../../lib/api/delete-medical-record';
import { serverMessage } from '../../lib/api-client';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '../ui/alert-dialog';
import { toast } from '../ui/use-toast';

type ToastMessage = Parameters<typeof toast>[0];

/** How a screen words the confirmation and its outcome (part 1 §2 and §8 word records and insurance apart). */
export interface DeleteDocumentWording {
  title: string;
  question(record: MedicalRecord): ReactNode;
  deleted: ToastMessage;
  failed(serverMessage: string): ToastMessage;
}

interface DeleteDocumentDialogProps {
  record: MedicalRecord | null;
  wording: DeleteDocumentWording;
  onClose(): void;
  onCloseAutoFocus(event: Event): void;
}

export function DeleteDocumentDialog({ record, wording, onClose, onCloseAutoFocus }: DeleteDocumentDialogProps) {
  const deletion = useDeleteMedicalRecord();

  function confirm() {
    if (!record) return;
    deletion.mutate(record.id, {
      onSuccess: () => toast(wording.deleted),
      onError: (error) => toast(wording.failed(serverMessage(error))),
      onSettled: onClose,
    });
  }

  return (
    <AlertDialog open={record !== null} onOpenChange={(open) => !open && !deletion.isPending && onClose()}>
      {record && (
        <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
          <AlertDialogTitle>{wording.title}</AlertDialogTitle>
          <AlertDialogDescription>{wording.question(record)}</AlertDialogDescription>
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
