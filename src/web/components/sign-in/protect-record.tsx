import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { serverMessage } from '../../lib/api-client';
import { useMakeRecoveryCodes, useSetPassphrase } from '../../lib/api/security';
import { refreshSession } from '../../lib/api/session';
import { describeDevice } from '../../../shared/rules/describe-device';
import { passkeysSupported, registerPasskey } from '../../lib/passkeys';
import { Button } from '../ui/button';
import { Form } from '../ui/form';
import { SubmitButton } from '../ui/submit-button';
import { toast } from '../ui/use-toast';
import { FormAlert } from './form-alert';
import { MadeWhileOpenChoice } from './made-while-open-choice';
import { NewPassphraseForm, type NewPassphraseValues } from './new-passphrase';
import { NewPassphraseFields } from './new-passphrase-fields';
import { RecoveryCodesStep } from './recovery-codes';

interface ProtectRecordProps {
  /** A passphrase or passkey is set (this browser is signed in now): from here on the flow must not be left before the codes are saved. */
  onProtected?(): void;
  /** The recovery codes are saved, and the session is being asked for again: the caller moves on. */
  onDone(): void;
  /** Ways out while nothing is set yet (Cancel in the banner's dialog, 'Skip for now' in onboarding). */
  children?: ReactNode;
}

/**
 * "Protect your record" (ADR 17), while the app is open: a passphrase (or a passkey instead, where the browser has
 * them), which also signs this browser in, then the ten recovery codes, shown once. Used by the layout's banner and
 * the last step of onboarding.
 */
export function ProtectRecord({ onProtected, onDone, children }: ProtectRecordProps) {
  const makeCodes = useMakeRecoveryCodes();
  const queryClient = useQueryClient();

  function makeRecoveryCodes() {
    onProtected?.();
    makeCodes.mutate();
  }

  // Asked only now, so that the gate and the banner stay as they are until the codes are saved.
  function finish() {
    void refreshSession(queryClient);
    toast({ title: 'Your record is protected', description: 'HealthAssist asks for your passphrase or passkey from now on.' });
    onDone();
  }

  // Once the codes are asked for, a way in is set: there is no going back to the form.
  if (!makeCodes.isIdle) {
    return <RecoveryCodesStep making={makeCodes} intro="Your record is protected. Now the recovery codes, in case you lose the way in you just set." onSaved={finish} />;
  }
  return <CredentialStep onSet={makeRecoveryCodes}>{children}</CredentialStep>;
}

function CredentialStep({ onSet, children }: { onSet(): void; children?: ReactNode }) {
  const setPassphrase = useSetPassphrase();
  const [passkeyPending, setPasskeyPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [keepMadeWhileOpen, setKeepMadeWhileOpen] = useState(false);
  const form = useForm<NewPassphraseValues>({ resolver: zodResolver(NewPassphraseForm), defaultValues: { passphrase: '', repeat: '' } });
  const pending = setPassphrase.isPending || passkeyPending;

  function submit({ passphrase }: NewPassphraseValues) {
    if (pending) return;
    setProblem(null);
    setPassphrase.mutate({ passphrase, keepMadeWhileOpen }, {
      onSuccess: onSet,
      onError: (error) => setProblem(`Could not set the passphrase: ${serverMessage(error)}`),
    });
  }

  async function addPasskey() {
    if (pending) return;
    setProblem(null);
    setPasskeyPending(true);
    try {
      // Named as Settings → Security names a passkey added there ('Chrome on Linux'); renamed there if need be.
      await registerPasskey(describeDevice(navigator.userAgent), keepMadeWhileOpen);
      onSet();
    } catch (error) {
      setProblem(serverMessage(error));
      setPasskeyPending(false);
    }
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Anyone who can open HealthAssist on this computer can read your record. With a passphrase, HealthAssist asks for
        it before showing anything.
      </p>
      <FormAlert message={problem} />
      <MadeWhileOpenChoice keep={keepMadeWhileOpen} onKeepChange={setKeepMadeWhileOpen} />
      <Form {...form}>
        <form noValidate className="space-y-4" onSubmit={(event) => void form.handleSubmit(submit)(event)}>
          <NewPassphraseFields control={form.control} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {children}
            {passkeysSupported() && (
              <Button type="button" variant="outline" onClick={() => void addPasskey()} aria-disabled={pending || undefined}>
                <KeyRound aria-hidden="true" /> {passkeyPending ? 'Waiting for the passkey...' : 'Use a passkey instead'}
              </Button>
            )}
            <SubmitButton pending={setPassphrase.isPending}>{setPassphrase.isPending ? 'Setting...' : 'Set passphrase'}</SubmitButton>
          </div>
        </form>
      </Form>
    </div>
  );
}
