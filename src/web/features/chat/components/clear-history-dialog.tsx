import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/use-toast';
import { useClearChatHistory } from '../../../lib/api/chat';
import { serverMessage } from '../../../lib/api-client';

interface ClearHistoryDialogProps {
  open: boolean;
  /** Whether n8n answers the tab, as the server says; undefined while it has not said. */
  n8n: boolean | undefined;
  onClose(): void;
  /** After the server deleted them: the tab starts a new conversation. */
  onCleared(): void;
  onCloseAutoFocus(event: Event): void;
}

/**
 * What 'Clear history' deletes, truthfully: the app's own conversations. An n8n workflow keeps its own memory,
 * which the app cannot reach, so with n8n answering the dialog says that conversation stays there.
 */
function descriptionOf(n8n: boolean | undefined): string {
  if (n8n === false) return 'This deletes every stored conversation with the health assistant and starts a new one. It cannot be undone.';
  const n8nMemory =
    n8n === true
      ? "A conversation kept in the n8n workflow's own memory is not deleted there."
      : "If an n8n workflow answers, a conversation kept in the workflow's own memory is not deleted there.";
  return `This deletes the app's copy of every conversation with the health assistant and starts a new one. It cannot be undone. ${n8nMemory}`;
}

/** 'Clear history' deletes every stored conversation with the assistant, so it asks first. */
export function ClearHistoryDialog({ open, n8n, onClose, onCleared, onCloseAutoFocus }: ClearHistoryDialogProps) {
  const clear = useClearChatHistory();

  function confirm() {
    if (clear.isPending) return;
    clear.mutate(undefined, {
      onSuccess: () => {
        onCleared();
        toast({
          title: 'History cleared',
          description: n8n === false ? 'Your conversations with the assistant have been deleted.' : "The app's copy of your conversations has been deleted.",
        });
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
      description={descriptionOf(n8n)}
      confirmLabel="Clear history"
      pending={clear.isPending}
      onConfirm={confirm}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
