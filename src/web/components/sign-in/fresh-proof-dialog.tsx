import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { apiRequest, serverMessage } from '../../lib/api-client';
import { sessionQuery } from '../../lib/api/session';
import { settleFreshProof } from '../../lib/fresh-proof';
import { passkeysSupported, signInWithPasskey } from '../../lib/passkeys';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../ui/dialog';
import { DialogFormButtons } from '../ui/dialog-form-buttons';
import { Form } from '../ui/form';
import { TextFormField } from '../ui/text-form-field';
import { FormAlert } from './form-alert';

const ProofForm = z.object({ passphrase: z.string().min(1, 'Enter your passphrase') });

/**
 * 'Confirm it's you' (ADR 21): the passphrase or a passkey, asked when a change of a way in (or a wipe of the record)
 * finds the last sign-in too long ago. Proving signs this browser in afresh; the change is then sent again
 * (lib/fresh-proof.ts). Loaded only when asked for.
 */
export default function FreshProofDialog() {
  const methods = useQuery(sessionQuery()).data?.methods;
  const [problem, setProblem] = useState<string | null>(null);
  const [passkeyPending, setPasskeyPending] = useState(false);
  const confirm = useMutation({ mutationFn: (passphrase: string) => apiRequest<void>('POST', '/api/session/passphrase', { passphrase }) });
  const form = useForm<z.infer<typeof ProofForm>>({ resolver: zodResolver(ProofForm), defaultValues: { passphrase: '' } });
  const busy = confirm.isPending || passkeyPending;

  function submit({ passphrase }: z.infer<typeof ProofForm>) {
    if (busy) return;
    setProblem(null);
    confirm.mutate(passphrase, {
      onSuccess: () => settleFreshProof(true),
      onError: (error) => {
        setProblem(serverMessage(error));
        form.setFocus('passphrase', { shouldSelect: true });
      },
    });
  }

  async function passkey() {
    if (busy) return;
    setProblem(null);
    setPasskeyPending(true);
    try {
      await signInWithPasskey();
      settleFreshProof(true);
    } catch (error) {
      setProblem(serverMessage(error));
      setPasskeyPending(false);
    }
  }

  return (
    <Dialog open onOpenChange={(next) => !next && !busy && settleFreshProof(false)}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <div className="space-y-1.5 pr-6">
          <DialogTitle>Confirm it’s you</DialogTitle>
          <DialogDescription>
            You signed in a while ago. Before this change, show it is still you: enter your passphrase or use a passkey.
          </DialogDescription>
        </div>
        <FormAlert message={problem} />
        {methods?.passkey && passkeysSupported() && (
          <Button className="w-full" variant="outline" onClick={() => void passkey()} aria-disabled={busy || undefined}>
            <KeyRound aria-hidden="true" /> {passkeyPending ? 'Waiting for the passkey...' : 'Use a passkey'}
          </Button>
        )}
        {methods?.passphrase !== false && (
          <Form {...form}>
            <form noValidate className="space-y-4" onSubmit={(event) => void form.handleSubmit(submit)(event)}>
              <input type="text" name="username" autoComplete="username" value="HealthAssist" readOnly hidden />
              <TextFormField
                control={form.control}
                name="passphrase"
                label="Your passphrase"
                input={{ type: 'password', autoComplete: 'current-password', autoFocus: true }}
              />
              <DialogFormButtons saveLabel="Confirm" pending={confirm.isPending} onCancel={() => settleFreshProof(false)} />
            </form>
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
