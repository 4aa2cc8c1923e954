import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { serverMessage } from '../../lib/api-client';
import { useMakeRecoveryCodes, useSetPassphrase } from '../../lib/api/session';
import { Button } from '../ui/button';
import { Form } from '../ui/form';
import { SubmitButton } from '../ui/submit-button';
import { TextFormField } from '../ui/text-form-field';
import { FormAlert } from './form-alert';
import { NewPassphraseForm, PASSPHRASE_HINT, type NewPassphraseValues } from './new-passphrase';
import { passkeysSupported, registerPasskey } from '../../lib/passkeys';
import { RecoveryCodes } from './recovery-codes';

/** What the first passkey is called until the patient renames it in Settings → Security. */
const FIRST_PASSKEY_NAME = 'My first passkey';

interface ProtectRecordProps {
  /** A passphrase or passkey is set (this browser is signed in now): from here on the flow must not be left before the codes are saved. */
  onProtected?(): void;
  /** The recovery codes are saved: the caller asks for the session again and moves on. */
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
  const [protectedNow, setProtectedNow] = useState(false);

  function makeRecoveryCodes() {
    setProtectedNow(true);
    onProtected?.();
    makeCodes.mutate();
  }

  if (makeCodes.data) return <RecoveryCodes codes={makeCodes.data.codes} onSaved={onDone} />;
  if (protectedNow) {
    return (
      <div className="space-y-4" aria-busy={makeCodes.isPending || undefined}>
        <p className="text-sm text-muted-foreground">Your record is protected. Now the recovery codes, in case you lose the way in you just set.</p>
        <FormAlert message={makeCodes.isError ? `Could not make the recovery codes: ${serverMessage(makeCodes.error)}` : null} />
        {makeCodes.isError && <Button onClick={() => makeCodes.mutate()}>Try again</Button>}
      </div>
    );
  }
  return <CredentialStep onSet={makeRecoveryCodes}>{children}</CredentialStep>;
}

function CredentialStep({ onSet, children }: { onSet(): void; children?: ReactNode }) {
  const setPassphrase = useSetPassphrase();
  const [passkeyPending, setPasskeyPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<NewPassphraseValues>({ resolver: zodResolver(NewPassphraseForm), defaultValues: { passphrase: '', repeat: '' } });
  const pending = setPassphrase.isPending || passkeyPending;

  function submit({ passphrase }: NewPassphraseValues) {
    if (pending) return;
    setProblem(null);
    setPassphrase.mutate(passphrase, {
      onSuccess: onSet,
      onError: (error) => setProblem(`Could not set the passphrase: ${serverMessage(error)}`),
    });
  }

  async function addPasskey() {
    if (pending) return;
    setProblem(null);
    setPasskeyPending(true);
    try {
      await registerPasskey(FIRST_PASSKEY_NAME);
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
      <Form {...form}>
        <form noValidate className="space-y-4" onSubmit={(event) => void form.handleSubmit(submit)(event)}>
          {/* The account's name lets a password manager file the new passphrase under this site. */}
          <input type="text" name="username" autoComplete="username" value="HealthAssist" readOnly hidden />
          <TextFormField
            control={form.control}
            name="passphrase"
            label="New passphrase"
            description={PASSPHRASE_HINT}
            input={{ type: 'password', autoComplete: 'new-password' }}
          />
          <TextFormField control={form.control} name="repeat" label="Repeat the passphrase" input={{ type: 'password', autoComplete: 'new-password' }} />
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
