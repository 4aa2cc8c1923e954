import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ConditionFields, type Condition } from '../../../../shared/contracts/conditions';
import { CONDITION_STATUSES, type ConditionStatus } from '../../../../shared/rules/conditions';
import { DialogFormButtons } from '../../../components/ui/dialog-form-buttons';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Form } from '../../../components/ui/form';
import { SelectFormField } from '../../../components/ui/select-form-field';
import { TextFormField } from '../../../components/ui/text-form-field';
import { useSaveCondition } from '../../../lib/api/conditions';
import { usePatientId } from '../../../lib/patient-id';
import { usePatientToday } from '../../../lib/use-patient-today';
import { DateField, saveItem, type ListWords } from './health-list-parts';

type ConditionFormInput = z.input<typeof ConditionFields>;
type ConditionFormValues = z.output<typeof ConditionFields>;

export const CONDITION_WORDS: ListWords = { one: 'condition', many: 'conditions' };

/** FHIR's clinical statuses in the patient's words. */
export const CONDITION_STATUS_LABELS: Readonly<Record<ConditionStatus, string>> = {
  active: 'Active',
  recurrence: 'Recurrence',
  relapse: 'Relapse',
  inactive: 'Inactive',
  remission: 'In remission',
  resolved: 'Resolved',
};

const STATUS_OPTIONS = CONDITION_STATUSES.map((status) => ({ value: status, label: CONDITION_STATUS_LABELS[status] }));

/** What the dialog is doing: adding a condition, or editing one. */
export type ConditionEdit = { condition: null } | { condition: Condition };

interface ConditionDialogProps {
  edit: ConditionEdit | null;
  /** After a save, once the lists and the profile are fresh. */
  onSaved(): void;
  onClose(): void;
  onCloseAutoFocus(event: Event): void;
}

/** Add and edit a condition: its words, status and dates. Its codes, if a record sent some, are kept as they are. */
export function ConditionDialog({ edit, onSaved, onClose, onCloseAutoFocus }: ConditionDialogProps) {
  const patientId = usePatientId();
  const save = useSaveCondition(patientId);
  return (
    <Dialog open={edit !== null} onOpenChange={(open) => !open && !save.isPending && onClose()}>
      {edit && (
        <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle>{edit.condition ? 'Edit condition' : 'Add condition'}</DialogTitle>
          <DialogDescription>Active ones are listed under Existing Conditions; dates and a note are optional.</DialogDescription>
          {/* Mounted with the dialog, so each opening starts from the condition as it is stored now. */}
          <ConditionForm
            condition={edit.condition}
            save={save}
            onSaved={() => {
              onSaved();
              onClose();
            }}
            onCancel={onClose}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

function startingValues(condition: Condition | null): ConditionFormInput {
  if (!condition) return { name: '', clinicalStatus: 'active', onsetDate: null, abatementDate: null, note: '' };
  const { name, codes, clinicalStatus, onsetDate, abatementDate, note } = condition;
  return { name, codes, clinicalStatus, onsetDate, abatementDate, note: note ?? '' };
}

interface ConditionFormProps {
  condition: Condition | null;
  save: ReturnType<typeof useSaveCondition>;
  onSaved(): void;
  onCancel(): void;
}

function ConditionForm({ condition, save, onSaved, onCancel }: ConditionFormProps) {
  const patientId = usePatientId();
  const today = usePatientToday();
  const form = useForm<ConditionFormInput, unknown, ConditionFormValues>({
    resolver: zodResolver(ConditionFields),
    defaultValues: startingValues(condition),
  });
  const onsetDate = useWatch({ control: form.control, name: 'onsetDate' });

  function submit(values: ConditionFormValues) {
    const request = condition ? { conditionId: condition.id, body: values } : { conditionId: null, body: { userId: patientId, ...values } };
    saveItem(save, request, { form, words: CONDITION_WORDS, nameOf: (saved) => saved.name, added: !condition, onSaved });
  }

  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate className="space-y-4">
        <TextFormField control={form.control} name="name" label="Condition" input={{ autoComplete: 'off', maxLength: 2000, placeholder: 'e.g. Type 2 diabetes' }} />
        <SelectFormField control={form.control} name="clinicalStatus" label="Status" options={STATUS_OPTIONS} />
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField name="onsetDate" label="Since (optional)" optional toDate={today} />
          <DateField
            name="abatementDate"
            label="Ended on (optional)"
            optional
            fromDate={typeof onsetDate === 'string' ? onsetDate : undefined}
            toDate={today}
          />
        </div>
        <TextFormField control={form.control} name="note" label="Note (optional)" multiline input={{ maxLength: 2000, rows: 2 }} />
        <DialogFormButtons saveLabel="Save condition" pending={save.isPending} onCancel={onCancel} />
      </form>
    </Form>
  );
}
