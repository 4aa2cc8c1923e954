import type { ReactNode } from 'react';
import type { MedicalRecord } from '../../../shared/contracts/medical-records';
import { useDeleteMedicalRecord } from '../../lib/api/medical-records';
import { serverMessage } from '../../lib/api-client';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { toast } from '../ui/use-toast';

type ToastMessage = Parameters<typeof toast>[0];

/** How a screen words the confirmation and its outcome (part 1 §2 (docs/product.md#part-1-2) and §8 (docs/product.md#part-1-8) word records and insurance apart). */
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
    <ConfirmDialog
      open={record !== null}
      title={wording.title}
      description={record && wording.question(record)}
      confirmLabel="Delete"
      pending={deletion.isPending}
      onConfirm={confirm}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
