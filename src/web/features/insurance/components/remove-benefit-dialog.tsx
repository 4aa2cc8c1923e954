import type { InsuranceBenefit } from '../../../../shared/contracts/insurance';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/api-client';
import { useDeleteBenefit } from '../../../lib/api/insurance';

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
    <ConfirmDialog
      open={benefit !== null}
      title="Remove benefit?"
      description={benefit && `This will remove "${benefit.serviceName}" from your Benefits Summary.`}
      confirmLabel="Remove"
      pending={removal.isPending}
      onConfirm={confirm}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
