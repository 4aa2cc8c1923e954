import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { SessionState } from '../../../shared/contracts/sign-in';
import { FormAlert } from '../../components/sign-in/form-alert';
import { passkeysSupported, signInWithPasskey } from '../../lib/passkeys';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { SubmitButton } from '../../components/ui/submit-button';
import { TextFormField } from '../../components/ui/text-form-field';
import { serverMessage } from '../../lib/api-client';
import { refreshSession } from '../../lib/api/session';
import { type KeepSignedIn, usePassphraseSignIn, useRecoveryCodeSignIn } from '../../lib/api/sign-in';
import { Checkbox } from '../../components/ui/checkbox';
import { Label } from '../../components/ui/label';
import { ScreenFrame } from './components/screen-frame';

const PassphraseForm = z.object({ passphrase: z.string().min(1, 'Enter your passphrase') });
const RecoveryCodeForm = z.object({ code: z.string().trim().min(1, 'Enter one of your recovery codes') });

/**
 * Sign in (ADR 17): a passkey where one exists, else the passphrase, or one of the recovery codes. A refusal shows the
 * server's one message for every failure, or how long to wait after too many.
 */
export default function SignInPage({ methods }: { methods: SessionState['methods'] }) {
  const [way, setWay] = useState<'passphrase' | 'recovery-code'>('passphrase');
  const [problem, setProblem] = useState<string | null>(null);
  const [passkeyPending, setPasskeyPending] = useState(false);
  // 'Keep me signed in on this device': off unless chosen, so a borrowed browser forgets the session when it closes.
  const [keepSignedIn, setKeepSignedIn] = useState(false);
  const queryClient = useQueryClient();

  async function passkey() {
    if (passkeyPending) return;
    setProblem(null);
    setPasskeyPending(true);
    try {
      await signInWithPasskey(keepSignedIn);
      await refreshSession(queryClient);
    } catch (error) {
      setProblem(serverMessage(error));
      setPasskeyPending(false);
    }
  }

  // Above the Sign in button of either form: chosen before signing in, the passkey's included.
  const keepChoice = (
    <div className="flex items-center gap-2">
      <Checkbox id="keep-signed-in" checked={keepSignedIn} onCheckedChange={(checked) => setKeepSignedIn(checked === true)} />
      <Label htmlFor="keep-signed-in" className="font-normal">
        Keep me signed in on this device
      </Label>
    </div>
  );

  function switchWay() {
    setProblem(null);
    setWay(way === 'passphrase' ? 'recovery-code' : 'passphrase');
  }

  return (
    <ScreenFrame title="Sign in to HealthAssist" intro={<p>Your health record is protected. Sign in to open it.</p>}>
      <FormAlert message={problem} />
      {/* A passkey is offered where one exists and this page can use it (not on an IP address, say). */}
      {methods.passkey && !passkeysSupported() && (
        <p className="text-sm text-muted-foreground">
          Your passkey cannot be used at this address: open HealthAssist by its name (such as localhost) over a secure
          connection to use it{methods.passphrase ? ', or use your passphrase' : ', or use a recovery code'}.
        </p>
      )}
      {methods.passkey && passkeysSupported() && (
        <>
          <Button className="w-full" onClick={() => void passkey()} aria-disabled={passkeyPending || undefined}>
            <KeyRound aria-hidden="true" /> {passkeyPending ? 'Waiting for the passkey...' : 'Sign in with a passkey'}
          </Button>
          <p className="flex items-center gap-3 text-xs uppercase text-muted-foreground before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">
            or
          </p>
        </>
      )}
      {way === 'passphrase' ? (
        methods.passphrase ? (
          <PassphraseSignIn keepSignedIn={keepSignedIn} keepChoice={keepChoice} onProblem={setProblem} />
        ) : (
          keepChoice
        )
      ) : (
        <RecoveryCodeSignIn keepSignedIn={keepSignedIn} keepChoice={keepChoice} onProblem={setProblem} />
      )}
      <Button variant="link" className="h-auto w-full p-0" onClick={switchWay}>
        {way === 'passphrase' ? 'Use a recovery code' : methods.passphrase ? 'Use your passphrase' : 'Back'}
      </Button>
    </ScreenFrame>
  );
}

interface WayProps extends KeepSignedIn {
  /** The 'Keep me signed in' checkbox, shown above the form's Sign in button. */
  keepChoice: ReactNode;
  onProblem(message: string | null): void;
}

function PassphraseSignIn({ keepSignedIn, keepChoice, onProblem }: WayProps) {
  const signIn = usePassphraseSignIn();
  const form = useForm<z.infer<typeof PassphraseForm>>({ resolver: zodResolver(PassphraseForm), defaultValues: { passphrase: '' } });

  function submit({ passphrase }: z.infer<typeof PassphraseForm>) {
    if (signIn.isPending) return;
    onProblem(null);
    signIn.mutate({ passphrase, keepSignedIn }, {
      onError: (error) => {
        onProblem(serverMessage(error));
        form.setFocus('passphrase', { shouldSelect: true });
      },
    });
  }

  return (
    <Form {...form}>
      <form noValidate className="space-y-4" onSubmit={(event) => void form.handleSubmit(submit)(event)}>
        {/* The account's name lets a password manager find the passphrase it saved for this site. */}
        <input type="text" name="username" autoComplete="username" value="HealthAssist" readOnly hidden />
        <TextFormField control={form.control} name="passphrase" label="Passphrase" input={{ type: 'password', autoComplete: 'current-password', autoFocus: true }} />
        {keepChoice}
        <div className="flex justify-end">
          <SubmitButton pending={signIn.isPending}>{signIn.isPending ? 'Signing in...' : 'Sign in'}</SubmitButton>
        </div>
      </form>
    </Form>
  );
}

function RecoveryCodeSignIn({ keepSignedIn, keepChoice, onProblem }: WayProps) {
  const signIn = useRecoveryCodeSignIn();
  const form = useForm<z.infer<typeof RecoveryCodeForm>>({ resolver: zodResolver(RecoveryCodeForm), defaultValues: { code: '' } });

  function submit({ code }: z.infer<typeof RecoveryCodeForm>) {
    if (signIn.isPending) return;
    onProblem(null);
    signIn.mutate({ code, keepSignedIn }, {
      onError: (error) => {
        onProblem(serverMessage(error));
        form.setFocus('code', { shouldSelect: true });
      },
    });
  }

  return (
    <Form {...form}>
      <form noValidate className="space-y-4" onSubmit={(event) => void form.handleSubmit(submit)(event)}>
        <TextFormField
          control={form.control}
          name="code"
          label="Recovery code"
          description="One of the ten codes you saved, like XXXX-XXXX-XXXX-XXXX. Each works once."
          input={{ autoComplete: 'one-time-code', autoCapitalize: 'characters', spellCheck: false, autoFocus: true }}
        />
        {keepChoice}
        <div className="flex justify-end">
          <SubmitButton pending={signIn.isPending}>{signIn.isPending ? 'Signing in...' : 'Sign in'}</SubmitButton>
        </div>
      </form>
    </Form>
  );
}
