import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ProviderFields, type Provider } from '../../../../shared/contracts/appointments';
import { usePatientId } from '../../../lib/patient-id';
import { PROVIDER_SPECIALTIES, type ProviderSpecialty } from '../../../../shared/rules/providers';
import { DialogFormButtons } from '../../../components/ui/dialog-form-buttons';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Form } from '../../../components/ui/form';
import { SelectFormField } from '../../../components/ui/select-form-field';
import { TextFormField } from '../../../components/ui/text-form-field';
import { showServerFieldError } from '../../../components/ui/server-field-error';
import { toast } from '../../../components/ui/use-toast';
import { useSaveProvider } from '../../../lib/api/providers';
import { serverMessage } from '../../../lib/api-client';

type ProviderFormInput = z.input<typeof ProviderFields>;
type ProviderFormValues = z.output<typeof ProviderFields>;

/** What the provider dialog is doing: adding one (with a specialty to start from), or editing one. */
export type ProviderEdit = { provider: null; specialty: ProviderSpecialty } | { provider: Provider };

interface ProviderDialogProps {
  edit: ProviderEdit | null;
  /** Called with the stored provider once it is saved, e.g. to select it in a form. */
  onSaved?(provider: Provider): void;
  onClose(): void;
  /** Where focus goes on closing; by default back to what had it when the dialog opened. */
  onCloseAutoFocus?(event: Event): void;
}

export function ProviderDialog({ edit, onSaved, onClose, onCloseAutoFocus }: ProviderDialogProps) {
  const patientId = usePatientId();
  const save = useSaveProvider(patientId);
  return (
    <Dialog open={edit !== null} onOpenChange={(open) => !open && !save.isPending && onClose()}>
      {edit && (
        <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle>{edit.provider ? 'Edit Provider' : 'Add New Provider'}</DialogTitle>
          <DialogDescription>The doctor or practice you see; phone and address are optional.</DialogDescription>
          <ProviderForm
            edit={edit}
            save={save}
            onSaved={(provider) => {
              onSaved?.(provider);
              onClose();
            }}
            onCancel={onClose}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

function startingValues(edit: ProviderEdit): ProviderFormInput {
  if (!edit.provider) return { name: '', specialty: edit.specialty, phone: '', address: '' };
  const { name, specialty, phone, address } = edit.provider;
  // A provider stored without a specialty (older data) starts on Other rather than an empty choice.
  return { name, specialty: specialty ?? 'Other', phone: phone ?? '', address: address ?? '' };
}

interface ProviderFormProps {
  edit: ProviderEdit;
  save: ReturnType<typeof useSaveProvider>;
  onSaved(provider: Provider): void;
  onCancel(): void;
}

function ProviderForm({ edit, save, onSaved, onCancel }: ProviderFormProps) {
  const patientId = usePatientId();
  const form = useForm<ProviderFormInput, unknown, ProviderFormValues>({
    resolver: zodResolver(ProviderFields),
    defaultValues: startingValues(edit),
  });

  function submit(values: ProviderFormValues) {
    if (save.isPending) return;
    const request = edit.provider
      ? { providerId: edit.provider.id, body: values }
      : { providerId: null, body: { userId: patientId, ...values } };
    save.mutate(request, {
      onSuccess: (saved) => {
        toast({
          title: edit.provider ? 'Provider updated' : 'Provider added',
          description: edit.provider ? `${saved.name} has been updated.` : `${saved.name} has been added to your providers.`,
        });
        onSaved(saved);
      },
      onError: (error) => {
        const message = serverMessage(error);
        showServerFieldError(form, error);
        toast({ title: 'Error', description: `Failed to save provider: ${message}`, variant: 'destructive' });
      },
    });
  }

  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate className="space-y-4">
        <TextFormField control={form.control} name="name" label="Name" input={{ autoComplete: 'off', maxLength: 200, placeholder: 'e.g. Dr. Maria Lopez' }} />
        <SelectFormField control={form.control} name="specialty" label="Specialty" options={PROVIDER_SPECIALTIES} />
        <TextFormField
          control={form.control}
          name="phone"
          label="Phone (optional)"
          input={{ type: 'tel', autoComplete: 'off', maxLength: 40, placeholder: 'e.g. (555) 201-3300' }}
        />
        <TextFormField control={form.control} name="address" label="Address (optional)" multiline input={{ maxLength: 500, rows: 2 }} />
        <DialogFormButtons saveLabel="Save Provider" pending={save.isPending} onCancel={onCancel} />
      </form>
    </Form>
  );
}
