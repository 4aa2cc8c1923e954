import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { passkeyName } from '../../../../shared/contracts/sign-in';
import { PASSKEY_NAME_MAX_LENGTH } from '../../../../shared/rules/sign-in';
import { DialogFormButtons } from '../../../components/ui/dialog-form-buttons';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Form } from '../../../components/ui/form';
import { TextFormField } from '../../../components/ui/text-form-field';

const NameForm = z.object({ name: passkeyName });
type NameInput = z.input<typeof NameForm>;
type NameValues = z.output<typeof NameForm>;

interface PasskeyNameDialogProps {
  /** What is being named: a new passkey, or one being renamed; null when closed. */
  naming: { title: string; description: string; saveLabel: string; name: string } | null;
  /** Shown above the name: the first passkey's choice about what was made while the app was open. */
  aside?: ReactNode;
  pending: boolean;
  onSave(name: string): void;
  onClose(): void;
  onCloseAutoFocus(event: Event): void;
}

/** The name a passkey goes by in this list ('Phone', 'Laptop'): asked before adding one, and to rename one. */
export function PasskeyNameDialog({ naming, aside, pending, onSave, onClose, onCloseAutoFocus }: PasskeyNameDialogProps) {
  return (
    <Dialog open={naming !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      {naming && (
        <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
          <div className="space-y-1.5 pr-6">
            <DialogTitle>{naming.title}</DialogTitle>
            <DialogDescription>{naming.description}</DialogDescription>
          </div>
          {aside}
          <NameFormBody name={naming.name} saveLabel={naming.saveLabel} pending={pending} onSave={onSave} onCancel={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

interface NameFormBodyProps {
  name: string;
  saveLabel: string;
  pending: boolean;
  onSave(name: string): void;
  onCancel(): void;
}

function NameFormBody({ name, saveLabel, pending, onSave, onCancel }: NameFormBodyProps) {
  const form = useForm<NameInput, unknown, NameValues>({ resolver: zodResolver(NameForm), defaultValues: { name } });
  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit((values) => !pending && onSave(values.name))(event)} noValidate className="space-y-4">
        <TextFormField control={form.control} name="name" label="Name" input={{ autoComplete: 'off', maxLength: PASSKEY_NAME_MAX_LENGTH }} />
        <DialogFormButtons saveLabel={saveLabel} pending={pending} onCancel={onCancel} />
      </form>
    </Form>
  );
}
