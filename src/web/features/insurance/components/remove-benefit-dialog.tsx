import type { InsuranceBenefit } from '../../../../shared/contracts/insurance';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/api-client';
import { useDeleteBenefit } from '../api';

interface RemoveBenefitDialogProps {
  benefit: InsuranceBenefit | null;
  onClose(): void;
  onCloseAutoFocus(event: Event): void;
}

export function RemoveBenefitDialog({ benefit, onClose, onCloseAutoFocus }: RemoveBenefitDialogProps) {
  const removal = useDeleteBenefit();

  function confirm() {
    if (!benefit) return;
    removal.mutate(benefit.id, {
      onSuccess: () => toast({ title: 'Benefit removed', description: `${benefit.serviceName} has been removed from your benefits.` }),
      onError: (error) => toast({ title: 'Error', description: `Failed to remove benefit: ${serverMessage(error)}`, variant: 'destructive' }),
      onSettled: onClose,
    });
  }

  return (
    <AlertDialog open={benefit !== null} onOpenChange={(open) => !open && !removal.isPending && onClose()}>
      {benefit && (
        <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
          <AlertDialogTitle>Remove benefit?</AlertDialogTitle>
          <AlertDialogDescription>This will remove "{benefit.serviceName}" from your Benefits Summary.</AlertDialogDescription>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogCancel disabled={removal.isPending}>Cancel</AlertDialogCancel>
            <AlertDialogConfirm onClick={confirm} disabled={removal.isPending}>
              Remove
            </AlertDialogConfirm>
          </div>
        </AlertDialogContent>
      )}
    </AlertDialog>
  );
}
