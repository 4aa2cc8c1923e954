import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { FormAlert } from '../../components/sign-in/form-alert';
import { NewPassphraseFields } from '../../components/sign-in/new-passphrase-fields';
import { RecoveryCodesStep } from '../../components/sign-in/recovery-codes';
import { Form } from '../../components/ui/form';
import { SubmitButton } from '../../components/ui/submit-button';
import { TextFormField } from '../../components/ui/text-form-field';
import { serverMessage } from '../../lib/api-client';
import { useMakeRecoveryCodes } from '../../lib/api/security';
import { refreshSession } from '../../lib/api/session';
import { useSetUpWithCode } from '../../lib/api/sign-in';
import { ScreenFrame } from './components/screen-frame';
import { SetupForm, type SetupValues } from './setup-form';

/**
 * A fresh install reachable beyond this machine (ADR 17): nothing is shown until the visitor types the setup code the
 * server printed in its log and chooses the first passphrase. Then the ten recovery codes, once; the app opens after.
 */
export default function SetupPage() {
  const setUp = useSetUpWithCode();
  const makeCodes = useMakeRecoveryCodes();
  const queryClient = useQueryClient();
  const form = useForm<SetupValues>({ resolver: zodResolver(SetupForm), defaultValues: { setupCode: '', passphrase: '', repeat: '' } });

  function submit({ setupCode, passphrase }: SetupValues) {
    if (setUp.isPending) return;
    setUp.mutate(
      { setupCode, passphrase },
      // Signed in now; the session is asked again only once the codes are saved, so the gate keeps this screen.
      { onSuccess: () => makeCodes.mutate(), onError: () => form.setFocus('setupCode', { shouldSelect: true }) },
    );
  }

  if (setUp.isSuccess) {
    return (
      <ScreenFrame title="Set up HealthAssist" intro={<p>HealthAssist is protected, and this browser is signed in.</p>}>
        <RecoveryCodesStep making={makeCodes} intro="Making your recovery codes..." onSaved={() => void refreshSession(queryClient)} />
      </ScreenFrame>
    );
  }

  return (
    <ScreenFrame
      title="Set up HealthAssist"
      intro={
        <p>
          This HealthAssist can be reached from other devices, so it shows nothing until it is protected. The setup code
          is in the server’s log, on a line that starts with “Setup code:”; it works once, within an hour of the start.
        </p>
      }
    >
      <FormAlert message={setUp.isError ? serverMessage(setUp.error) : null} />
      <Form {...form}>
        <form noValidate className="space-y-4" onSubmit={(event) => void form.handleSubmit(submit)(event)}>
          <TextFormField
            control={form.control}
            name="setupCode"
            label="Setup code"
            description="Like XXXXX-XXXXX. Restarting the server prints a new one."
            input={{ autoComplete: 'one-time-code', autoCapitalize: 'characters', spellCheck: false, autoFocus: true }}
          />
          <NewPassphraseFields control={form.control} />
          <div className="flex justify-end">
            <SubmitButton pending={setUp.isPending}>{setUp.isPending ? 'Setting up...' : 'Set up'}</SubmitButton>
          </div>
        </form>
      </Form>
    </ScreenFrame>
  );
}
