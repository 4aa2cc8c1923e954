import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ImmunizationFields, type Immunization } from '../../../../shared/contracts/immunizations';
import { DialogFormButtons } from '../../../components/ui/dialog-form-buttons';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Form } from '../../../components/ui/form';
import { WholeNumberField } from '../../../components/ui/whole-number-field';
import { TextFormField } from '../../../components/ui/text-form-field';
import { useSaveImmunization } from '../../../lib/api/immunizations';
import { usePatientId } from '../../../lib/patient-id';
import { usePatientToday } from '../../../lib/use-patient-today';
import { DateField, saveItem, type ListWords } from './health-list-parts';

type ImmunizationFormInput = z.input<typeof ImmunizationFields>;
type ImmunizationFormValues = z.output<typeof ImmunizationFields>;

export const IMMUNIZATION_WORDS: ListWords = { one: 'immunization', many: 'immunizations' };

/** What the dialog is doing: adding an immunization, or editing one. */
export type ImmunizationEdit = { immunization: null } | { immunization: Immunization };

interface ImmunizationDialogProps {
  edit: ImmunizationEdit | null;
  /** After a save, once the list is fresh. */
  onSaved?(): void;
  onClose(): void;
  onCloseAutoFocus(event: Event): void;
}

/** Add and edit a vaccine given: what, when, which dose, and where. Its codes (a CVX code), if a record sent some, are kept. */
export function ImmunizationDialog({ edit, onSaved, onClose, onCloseAutoFocus }: ImmunizationDialogProps) {
  const patientId = usePatientId();
  const save = useSaveImmunization(patientId);
  return (
    <Dialog open={edit !== null} onOpenChange={(open) => !open && !save.isPending && onClose()}>
      {edit && (
        <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle>{edit.immunization ? 'Edit immunization' : 'Add immunization'}</DialogTitle>
          <DialogDescription>The vaccine and the day it was given are needed; the rest is optional.</DialogDescription>
          {/* Mounted with the dialog, so each opening starts from the immunization as it is stored now. */}
          <ImmunizationForm
            immunization={edit.immunization}
            save={save}
            onSaved={() => {
              onSaved?.();
              onClose();
            }}
            onCancel={onClose}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

function startingValues(immunization: Immunization | null, today: string): ImmunizationFormInput {
  if (!immunization) return { vaccine: '', date: today, doseNumber: null, lotNumber: '', site: '', performer: '', note: '' };
  const { vaccine, codes, date, doseNumber, lotNumber, site, performer, note } = immunization;
  return { vaccine, codes, date, doseNumber, lotNumber: lotNumber ?? '', site: site ?? '', performer: performer ?? '', note: note ?? '' };
}

interface ImmunizationFormProps {
  immunization: Immunization | null;
  save: ReturnType<typeof useSaveImmunization>;
  onSaved(): void;
  onCancel(): void;
}

function ImmunizationForm({ immunization, save, onSaved, onCancel }: ImmunizationFormProps) {
  const patientId = usePatientId();
  const today = usePatientToday();
  const form = useForm<ImmunizationFormInput, unknown, ImmunizationFormValues>({
    resolver: zodResolver(ImmunizationFields),
    defaultValues: startingValues(immunization, today),
  });

  function submit(values: ImmunizationFormValues) {
    const request = immunization
      ? { immunizationId: immunization.id, body: values }
      : { immunizationId: null, body: { userId: patientId, ...values } };
    saveItem(save, request, { form, words: IMMUNIZATION_WORDS, nameOf: (saved) => saved.vaccine, added: !immunization, onSaved });
  }

  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate className="space-y-4">
        <TextFormField control={form.control} name="vaccine" label="Vaccine" input={{ autoComplete: 'off', maxLength: 500, placeholder: 'e.g. Flu vaccine, Tdap' }} />
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField name="date" label="Date given" toDate={today} />
          <WholeNumberField name="doseNumber" label="Dose number (optional)" min={1} max={99} />
          <TextFormField control={form.control} name="site" label="Site (optional)" input={{ autoComplete: 'off', maxLength: 100, placeholder: 'e.g. Left arm' }} />
          <TextFormField control={form.control} name="lotNumber" label="Lot number (optional)" input={{ autoComplete: 'off', maxLength: 100 }} />
        </div>
        <TextFormField
          control={form.control}
          name="performer"
          label="Given by (optional)"
          input={{ autoComplete: 'off', maxLength: 200, placeholder: 'e.g. Springfield Pharmacy' }}
        />
        <TextFormField control={form.control} name="note" label="Note (optional)" multiline input={{ maxLength: 2000, rows: 2 }} />
        <DialogFormButtons saveLabel="Save immunization" pending={save.isPending} onCancel={onCancel} />
      </form>
    </Form>
  );
}
