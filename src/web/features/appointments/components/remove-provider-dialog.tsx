import type { Provider } from '../../../../shared/contracts/appointments';
import { usePatientId } from '../../../lib/patient-id';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { useDeleteProvider } from '../../../lib/api/providers';
import { serverMessage } from '../../../lib/api-client';

interface RemoveProviderDialogProps {
  provider: Provider | null;
  onClose(): void;
  onCloseAutoFocus(event: Event): void;
}

/** Removes a provider after asking; the server refuses (409) one that appointments still name, and the toast says why. */
export function RemoveProviderDialog({ provider, onClose, onCloseAutoFocus }: RemoveProviderDialogProps) {
  const patientId = usePatientId();
  const removal = useDeleteProvider(patientId);

  function confirm() {
    if (!provider || removal.isPending) return;
    removal.mutate(provider.id, {
      onSuccess: () => toast({ title: 'Provider removed', description: `${provider.name} has been removed from your providers.` }),
      onError: (error) => toast({ title: 'Error', description: `Failed to remove provider: ${serverMessage(error)}`, variant: 'destructive' }),
      onSettled: onClose,
    });
  }

  return (
    <ConfirmDialog
      open={provider !== null}
      title="Remove provider?"
      description={provider && `This will remove ${provider.name} from your providers.`}
      confirmLabel="Remove Provider"
      pending={removal.isPending}
      onConfirm={confirm}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
