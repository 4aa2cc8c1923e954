import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { NewPassphraseForm, PASSPHRASE_HINT, type NewPassphraseValues } from '../../../components/sign-in/new-passphrase';
import { DialogFormButtons } from '../../../components/ui/dialog-form-buttons';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Form } from '../../../components/ui/form';
import { TextFormField } from '../../../components/ui/text-form-field';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/api-client';
import { useSetPassphrase } from '../api';

interface PassphraseDialogProps {
  open: boolean;
  /** Changing one that exists, or setting the first. */
  passphraseSet: boolean;
  /** While the app is open (no credential yet), setting it signs this browser in. */
  signedIn: boolean;
  onClose(): void;
  onCloseAutoFocus(event: Event): void;
}

export function PassphraseDialog({ open, passphraseSet, signedIn, onClose, onCloseAutoFocus }: PassphraseDialogProps) {
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
          <PassphraseFormBody save={save} passphraseSet={passphraseSet} signedIn={signedIn} onSaved={onClose} onCancel={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

interface PassphraseFormBodyProps {
  save: ReturnType<typeof useSetPassphrase>;
  passphraseSet: boolean;
  signedIn: boolean;
  onSaved(): void;
  onCancel(): void;
}

function PassphraseFormBody({ save, passphraseSet, signedIn, onSaved, onCancel }: PassphraseFormBodyProps) {
  const form = useForm<NewPassphraseValues>({ resolver: zodResolver(NewPassphraseForm), defaultValues: { passphrase: '', repeat: '' } });

  function submit({ passphrase }: NewPassphraseValues) {
    if (save.isPending) return;
    save.mutate(passphrase, {
      onSuccess: () => {
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
        {/* The account's name lets a password manager file the new passphrase under this site. */}
        <input type="text" name="username" autoComplete="username" value="HealthAssist" readOnly hidden />
        <TextFormField control={form.control} name="passphrase" label="New passphrase" description={PASSPHRASE_HINT} input={{ type: 'password', autoComplete: 'new-password' }} />
        <TextFormField control={form.control} name="repeat" label="Repeat the new passphrase" input={{ type: 'password', autoComplete: 'new-password' }} />
        <DialogFormButtons saveLabel={passphraseSet ? 'Change passphrase' : 'Set passphrase'} pending={save.isPending} onCancel={onCancel} />
      </form>
    </Form>
  );
}
