import type { ReactNode } from 'react';
import { AlertDialog, AlertDialogCancel, AlertDialogConfirm, AlertDialogContent, AlertDialogDescription, AlertDialogTitle } from './alert-dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** While the server works, neither button nor Escape closes the dialog. */
  pending: boolean;
  onConfirm(): void;
  onClose(): void;
  onCloseAutoFocus(event: Event): void;
}

/** Asks before something that cannot be undone (a delete, a removal); Cancel is the safe default. */
export function ConfirmDialog({ open, title, description, confirmLabel, pending, onConfirm, onClose, onCloseAutoFocus }: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !pending && onClose()}>
      {open && (
        <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
            <AlertDialogConfirm onClick={onConfirm} disabled={pending}>
              {confirmLabel}
            </AlertDialogConfirm>
          </div>
        </AlertDialogContent>
      )}
    </AlertDialog>
  );
}
