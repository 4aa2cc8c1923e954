import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import type { Medication } from '../../../../shared/contracts/medications';
import { MEDICATION_FORMS } from '../../../../shared/rules/medications';
import { providerLabel } from '../../../../shared/rules/providers';
import { conditionSuggestions, FORM_LABELS } from '../../../components/medications/medication-words';
import { Button } from '../../../components/ui/button';
import { DatePicker } from '../../../components/ui/date-picker';
import { DialogFormButtons } from '../../../components/ui/dialog-form-buttons';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form';
import { SelectFormField } from '../../../components/ui/select-form-field';
import { showServerFieldError } from '../../../components/ui/server-field-error';
import { TextFormField } from '../../../components/ui/text-form-field';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/api-client';
import { useSaveMedication } from '../../../lib/api/medications';
import { providersQuery } from '../../../lib/api/providers';
import { userQuery } from '../../../lib/api/users';
import { usePatientId } from '../../../lib/patient-id';
import { usePatientToday } from '../../../lib/use-patient-today';
import {
  createBody,
  formOfOption,
  formOption,
  MedicationFormSchema,
  NO_FORM,
  startingValues,
  type MedicationFormInput,
  type MedicationFormValues,
} from '../medication-form';
import { ScheduleEditor } from './schedule-editor';
import { WholeNumberField } from '../../../components/ui/whole-number-field';

/** What the dialog is doing: adding a medication, or editing one. */
export type MedicationEdit = { medication: null } | { medication: Medication };

interface MedicationDialogProps {
  edit: MedicationEdit | null;
  onClose(): void;
  onCloseAutoFocus(event: Event): void;
}

/** Add Medication and Edit Medication: every field of the medication, and its schedule. */
export function MedicationDialog({ edit, onClose, onCloseAutoFocus }: MedicationDialogProps) {
  const patientId = usePatientId();
  const save = useSaveMedication(patientId);
  return (
    <Dialog open={edit !== null} onOpenChange={(open) => !open && !save.isPending && onClose()}>
      {edit && (
        <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle>{edit.medication ? 'Edit Medication' : 'Add Medication'}</DialogTitle>
          <DialogDescription>Only the name is needed; times are on your own clock (your profile's time zone).</DialogDescription>
          {/* Mounted with the dialog, so each opening starts from the medication as it is stored now. */}
          <MedicationEditForm medication={edit.medication} save={save} onSaved={onClose} onCancel={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

interface MedicationEditFormProps {
  medication: Medication | null;
  save: ReturnType<typeof useSaveMedication>;
  onSaved(): void;
  onCancel(): void;
}

const FORM_OPTIONS = [{ value: NO_FORM, label: 'Not given' }, ...MEDICATION_FORMS.map((form) => ({ value: form, label: FORM_LABELS[form] }))];
const NOT_LINKED = 'none';

function MedicationEditForm({ medication, save, onSaved, onCancel }: MedicationEditFormProps) {
  const patientId = usePatientId();
  const today = usePatientToday();
  const providers = useQuery(providersQuery(patientId));
  const user = useQuery(userQuery(patientId));
  const conditions = conditionSuggestions(user.data?.existingConditions);
  const conditionsId = useId();
  const form = useForm<MedicationFormInput, unknown, MedicationFormValues>({
    resolver: zodResolver(MedicationFormSchema),
    defaultValues: startingValues(medication, today),
  });

  function submit(values: MedicationFormValues) {
    if (save.isPending) return;
    const request = medication ? { medicationId: medication.id, body: values } : { medicationId: null, body: createBody(patientId, values) };
    save.mutate(request, {
      onSuccess: (saved) => {
        toast({
          title: medication ? 'Medication updated' : 'Medication added',
          description: medication ? `${saved.name} has been updated.` : `${saved.name} has been added to your medications.`,
        });
        onSaved();
      },
      onError: (error) => {
        showServerFieldError(form, error);
        toast({ title: 'Error', description: `Failed to save medication: ${serverMessage(error)}`, variant: 'destructive' });
      },
    });
  }

  const providerOptions = [
    { value: NOT_LINKED, label: 'Not linked' },
    ...(providers.data ?? []).map((provider) => ({ value: String(provider.id), label: providerLabel(provider) })),
  ];

  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate className="space-y-6">
        <Section title="The medicine">
          <TextFormField
            control={form.control}
            name="name"
            label="Name"
            className="sm:col-span-2"
            input={{ autoComplete: 'off', maxLength: 200, placeholder: 'e.g. Metformin' }}
          />
          <TextFormField control={form.control} name="strength" label="Strength (optional)" input={{ autoComplete: 'off', maxLength: 100, placeholder: 'e.g. 500 mg' }} />
          <SelectFormField
            control={form.control}
            name="form"
            label="Form (optional)"
            options={FORM_OPTIONS}
            toOption={formOption}
            fromOption={formOfOption}
          />
          <TextFormField control={form.control} name="dose" label="Dose each time (optional)" input={{ autoComplete: 'off', maxLength: 100, placeholder: 'e.g. 1 tablet, 5 ml' }} />
          <TextFormField control={form.control} name="route" label="Route (optional)" input={{ autoComplete: 'off', maxLength: 100, placeholder: 'e.g. by mouth' }} />
          <TextFormField
            control={form.control}
            name="instructions"
            label="Instructions (optional)"
            className="sm:col-span-2"
            input={{ autoComplete: 'off', maxLength: 500, placeholder: 'e.g. with food' }}
          />
        </Section>

        <Section title="When to take it" single>
          <ScheduleEditor />
        </Section>

        <Section title="Why, and from whom">
          <TextFormField
            control={form.control}
            name="reason"
            label="Reason (optional)"
            className="sm:col-span-2"
            description={conditions.length > 0 ? 'Suggestions come from the conditions in your profile.' : undefined}
            input={{ autoComplete: 'off', maxLength: 200, placeholder: 'e.g. type 2 diabetes', list: conditions.length > 0 ? conditionsId : undefined }}
          />
          {conditions.length > 0 && (
            <datalist id={conditionsId}>
              {conditions.map((condition) => (
                <option key={condition} value={condition} />
              ))}
            </datalist>
          )}
          <TextFormField control={form.control} name="prescriber" label="Prescriber (optional)" input={{ autoComplete: 'off', maxLength: 200, placeholder: 'e.g. Dr. Maria Lopez' }} />
          <SelectFormField
            control={form.control}
            name="providerId"
            label="Prescriber among your providers"
            options={providerOptions}
            toOption={(providerId) => (providerId ? String(providerId) : NOT_LINKED)}
            fromOption={(option) => (option === NOT_LINKED ? null : Number(option))}
            onSelectValue={(option) => {
              // Linking a provider names the prescriber too, unless the patient has written a name already.
              const provider = providers.data?.find((p) => String(p.id) === option);
              if (provider && !form.getValues('prescriber')?.trim()) form.setValue('prescriber', provider.name);
              return false;
            }}
          />
          <TextFormField
            control={form.control}
            name="pharmacy"
            label="Pharmacy (optional)"
            className="sm:col-span-2"
            input={{ autoComplete: 'off', maxLength: 200, placeholder: 'e.g. Main Street Pharmacy' }}
          />
        </Section>

        <Section title="Dates and supply">
          <DateField name="startDate" label="Start date (optional)" />
          <DateField name="endDate" label="End date (optional)" description="For a course that ends, such as an antibiotic." />
          <WholeNumberField name="refillsLeft" label="Refills left (optional)" min={0} max={99} />
          <WholeNumberField name="quantityOnHand" label="Quantity on hand (optional)" min={0} max={100_000} />
        </Section>

        <DialogFormButtons saveLabel="Save Medication" pending={save.isPending} onCancel={onCancel} />
      </form>
    </Form>
  );
}

/** A titled group of the form's fields, two columns from small screens up (one with `single`). */
function Section({ title, single = false, children }: { title: string; single?: boolean; children: ReactNode }) {
  return (
    <fieldset className="space-y-3">
      <legend className="mb-3 text-sm font-semibold text-muted-foreground">{title}</legend>
      <div className={single ? 'space-y-4' : 'grid gap-4 sm:grid-cols-2'}>{children}</div>
    </fieldset>
  );
}

type DateName = Extract<FieldPath<MedicationFormInput>, 'startDate' | 'endDate'>;

/** An optional day: the date picker, and Clear once a day is chosen. */
function DateField({ name, label, description }: { name: DateName; label: string; description?: string }) {
  return (
    <FormField
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <div className="flex gap-2">
            <FormControl>
              <DatePicker value={typeof field.value === 'string' ? field.value : ''} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
            </FormControl>
            {field.value && (
              <Button type="button" variant="ghost" onClick={() => field.onChange(null)} aria-label={`Clear ${label.replace(' (optional)', '').toLowerCase()}`}>
                Clear
              </Button>
            )}
          </div>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
