import type { ReactNode } from 'react';
import { AlertDialog, AlertDialogCancel, AlertDialogConfirm, AlertDialogContent, AlertDialogDescription, AlertDialogTitle } from './alert-dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The safe way out; 'Cancel' unless the screen words it ('Keep Appointment'). */
  cancelLabel?: string;
  /** Red for what cannot be undone (the default); the primary colour for a step forward ('Mark as Completed'). */
  confirmVariant?: 'destructive' | 'default';
  /** While the server works, neither button nor Escape closes the dialog. */
  pending: boolean;
  onConfirm(): void;
  onClose(): void;
  onCloseAutoFocus(event: Event): void;
}

/** Asks before something that cannot be undone (a delete, a removal, a status change); Cancel is the safe default. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  confirmVariant = 'destructive',
  pending,
  onConfirm,
  onClose,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !pending && onClose()}>
      {open && (
        <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
            <AlertDialogConfirm variant={confirmVariant} onClick={onConfirm} disabled={pending}>
              {confirmLabel}
            </AlertDialogConfirm>
          </div>
        </AlertDialogContent>
      )}
    </AlertDialog>
  );
}
