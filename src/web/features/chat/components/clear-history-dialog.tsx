import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { useClearChatHistory } from '../../../lib/api/chat';
import { serverMessage } from '../../../lib/api-client';

interface ClearHistoryDialogProps {
  open: boolean;
  onClose(): void;
  /** After the server deleted them: the tab starts a new conversation. */
  onCleared(): void;
  onCloseAutoFocus(event: Event): void;
}

/** 'Clear history' deletes every stored conversation with the assistant, so it asks first. */
export function ClearHistoryDialog({ open, onClose, onCleared, onCloseAutoFocus }: ClearHistoryDialogProps) {
  const clear = useClearChatHistory();

  function confirm() {
    if (clear.isPending) return;
    clear.mutate(undefined, {
      onSuccess: () => {
        onCleared();
        toast({ title: 'History cleared', description: 'Your conversations with the assistant have been deleted.' });
        onClose();
      },
      onError: (error) => {
        toast({ title: 'Error', description: `Could not clear your chat history: ${serverMessage(error)}`, variant: 'destructive' });
        onClose();
      },
    });
  }

  return (
    <ConfirmDialog
      open={open}
      title="Clear chat history?"
      description="This deletes every stored conversation with the health assistant, on this device and on the server. It cannot be undone."
      confirmLabel="Clear history"
      pending={clear.isPending}
      onConfirm={confirm}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
