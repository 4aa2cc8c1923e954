import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { MadeWhileOpenChoice } from '../../../components/sign-in/made-while-open-choice';
import { NewPassphraseForm, type NewPassphraseValues } from '../../../components/sign-in/new-passphrase';
import { NewPassphraseFields } from '../../../components/sign-in/new-passphrase-fields';
import { DialogFormButtons } from '../../../components/ui/dialog-form-buttons';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Form } from '../../../components/ui/form';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/api-client';
import { useSetPassphrase } from '../../../lib/api/security';
import { refreshSession, sessionQuery } from '../../../lib/api/session';

interface PassphraseDialogProps {
  open: boolean;
  /** Changing one that exists, or setting the first. */
  passphraseSet: boolean;
  onClose(): void;
  onCloseAutoFocus(event: Event): void;
}

export function PassphraseDialog({ open, passphraseSet, onClose, onCloseAutoFocus }: PassphraseDialogProps) {
  const save = useSetPassphrase();
  const title = passphraseSet ? 'Change passphrase' : 'Set a passphrase';
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !save.isPending && onClose()}>
      {open && (
        <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto" onCloseAutoFocus={onCloseAutoFocus}>
          <div className="space-y-1.5 pr-6">
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>
              Every other device signed in to HealthAssist is signed out: it signs in again with the new passphrase.
            </DialogDescription>
          </div>
          <PassphraseFormBody save={save} passphraseSet={passphraseSet} onSaved={onClose} onCancel={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

interface PassphraseFormBodyProps {
  save: ReturnType<typeof useSetPassphrase>;
  passphraseSet: boolean;
  onSaved(): void;
  onCancel(): void;
}

function PassphraseFormBody({ save, passphraseSet, onSaved, onCancel }: PassphraseFormBodyProps) {
  const form = useForm<NewPassphraseValues>({ resolver: zodResolver(NewPassphraseForm), defaultValues: { passphrase: '', repeat: '' } });
  const queryClient = useQueryClient();
  const [keepMadeWhileOpen, setKeepMadeWhileOpen] = useState(false);
  // While the app is open (no credential yet), setting it signs this browser in.
  const signedIn = useQuery(sessionQuery()).data?.access === 'signed-in';

  function submit({ passphrase }: NewPassphraseValues) {
    if (save.isPending) return;
    save.mutate({ passphrase, keepMadeWhileOpen }, {
      onSuccess: () => {
        // This screen has nothing to finish first: the gate, the banner and Logout learn of it at once.
        void refreshSession(queryClient);
        toast({
          title: passphraseSet ? 'Passphrase changed' : 'Passphrase set',
          description: signedIn
            ? 'Every other session was ended: other devices sign in again with the new passphrase.'
            : 'Your record is protected and this browser is signed in. Other sessions were ended.',
        });
        onSaved();
      },
      onError: (error) => toast({ title: 'Error', description: `Could not set the passphrase: ${serverMessage(error)}`, variant: 'destructive' }),
    });
  }

  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate className="space-y-4">
        {!passphraseSet && <MadeWhileOpenChoice keep={keepMadeWhileOpen} onKeepChange={setKeepMadeWhileOpen} />}
        <NewPassphraseFields control={form.control} repeatLabel="Repeat the new passphrase" />
        <DialogFormButtons saveLabel={passphraseSet ? 'Change passphrase' : 'Set passphrase'} pending={save.isPending} onCancel={onCancel} />
      </form>
    </Form>
  );
}
