import { zodResolver } from '@hookform/resolvers/zod';
import { Copy, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { NewAccessTokenInput } from '../../../../shared/contracts/sign-in';
import { ACCESS_TOKEN_NAME_MAX_LENGTH } from '../../../../shared/rules/sign-in';
import { Button } from '../../../components/ui/button';
import { DialogFormButtons } from '../../../components/ui/dialog-form-buttons';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Form } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { RadioFormField } from '../../../components/ui/radio-form-field';
import { SelectFormField } from '../../../components/ui/select-form-field';
import { TextFormField } from '../../../components/ui/text-form-field';
import { showServerFieldError } from '../../../components/ui/server-field-error';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/api-client';
import { useCreateAccessToken } from '../../../lib/api/security';
import { copyText } from '../../../lib/copy-text';
import { SCOPE_WORDS } from './scope-words';
import { lifeDays, lifeOption, TOKEN_LIFE_OPTIONS } from './token-life-words';

type TokenInput = z.input<typeof NewAccessTokenInput>;
type TokenValues = z.output<typeof NewAccessTokenInput>;

interface NewTokenDialogProps {
  open: boolean;
  onClose(): void;
  onCloseAutoFocus(event: Event): void;
}

/** Names a new personal access token and its scope, then shows the token once. */
export function NewTokenDialog({ open, onClose, onCloseAutoFocus }: NewTokenDialogProps) {
  const create = useCreateAccessToken();
  const [token, setToken] = useState<string | null>(null);
  const close = () => {
    setToken(null);
    onClose();
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !create.isPending && close()}>
      {open && (
        <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto" onCloseAutoFocus={onCloseAutoFocus}>
          {token ? (
            <ShownToken token={token} onDone={close} />
          ) : (
            <>
              <div className="space-y-1.5 pr-6">
                <DialogTitle>New access token</DialogTitle>
                <DialogDescription>For a script or an n8n workflow, sent as “Authorization: Bearer …”.</DialogDescription>
              </div>
              <TokenForm create={create} onCreated={setToken} onCancel={close} />
            </>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

interface TokenFormProps {
  create: ReturnType<typeof useCreateAccessToken>;
  onCreated(token: string): void;
  onCancel(): void;
}

function TokenForm({ create, onCreated, onCancel }: TokenFormProps) {
  const form = useForm<TokenInput, unknown, TokenValues>({ resolver: zodResolver(NewAccessTokenInput), defaultValues: { name: '', scope: 'read', expiresInDays: 30 } });

  function submit(values: TokenValues) {
    if (create.isPending) return;
    create.mutate(values, {
      onSuccess: (created) => onCreated(created.token),
      onError: (error) => {
        const message = serverMessage(error);
        showServerFieldError(form, error);
        toast({ title: 'Error', description: `Could not create the token: ${message}`, variant: 'destructive' });
      },
    });
  }

  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate className="space-y-4">
        <TextFormField
          control={form.control}
          name="name"
          label="Name"
          description="What it is for, to tell your tokens apart."
          input={{ autoComplete: 'off', maxLength: ACCESS_TOKEN_NAME_MAX_LENGTH, placeholder: 'e.g. n8n reminders' }}
        />
        <RadioFormField
          control={form.control}
          name="scope"
          label="Access"
          options={[
            { value: 'read', label: SCOPE_WORDS.read },
            { value: 'read-write', label: SCOPE_WORDS['read-write'] },
          ]}
        />
        <SelectFormField
          control={form.control}
          name="expiresInDays"
          label="Expires after"
          options={TOKEN_LIFE_OPTIONS}
          description="It stops working then; one that never expires works until you revoke it."
          toOption={lifeOption}
          fromOption={lifeDays}
        />
        <DialogFormButtons saveLabel="Create token" pending={create.isPending} onCancel={onCancel} />
      </form>
    </Form>
  );
}

function ShownToken({ token, onDone }: { token: string; onDone(): void }) {
  const fieldId = useId();
  return (
    <>
      <div className="space-y-1.5 pr-6">
        <DialogTitle>Your new access token</DialogTitle>
        <DialogDescription>Anyone who has it can act for you within its access.</DialogDescription>
      </div>
      <p role="note" className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        Copy it now: it is not shown again.
      </p>
      <div className="space-y-2">
        <Label htmlFor={fieldId}>Token</Label>
        <Input id={fieldId} value={token} readOnly className="font-mono" onFocus={(event) => event.currentTarget.select()} />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => void copyText(token, 'Access token')}>
          <Copy aria-hidden="true" /> Copy
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </>
  );
}
