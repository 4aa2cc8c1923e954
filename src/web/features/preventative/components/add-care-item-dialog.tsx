import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { CARE_FORM_RECURRENCES, CareItemForm } from '../../../../shared/contracts/preventative-care';
import { categoryForCare } from '../../../../shared/rules/care';
import { formatDate } from '../../../../shared/rules/formats';
import { usePatientId } from '../../../lib/patient-id';
import { CARE_CATEGORIES } from '../../../../shared/rules/statuses';
import { Button } from '../../../components/ui/button';
import { DatePicker } from '../../../components/ui/date-picker';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form';
import { SelectItem, SelectSeparator } from '../../../components/ui/select';
import { SelectFormField } from '../../../components/ui/select-form-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextFormField } from '../../../components/ui/text-form-field';
import { showServerFieldError } from '../../../components/ui/server-field-error';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/api-client';
import { useAddCareItem } from '../../../lib/api/preventative-care';

type CareFormInput = z.input<typeof CareItemForm>;
type CareFormValues = z.output<typeof CareItemForm>;
type Recurrence = (typeof CARE_FORM_RECURRENCES)[number];

/** Part 2 §9 (docs/product.md#part-2-9): 1 (Monthly), 3, 6, 12 (Yearly, the default), 24. */
const RECURRENCE_LABELS: Readonly<Record<Recurrence, string>> = {
  '1': 'Monthly',
  '3': 'Every 3 months',
  '6': 'Every 6 months',
  '12': 'Yearly',
  '24': 'Every 2 years',
};

const RECURRENCE_OPTIONS = CARE_FORM_RECURRENCES.map((months) => ({ value: months, label: RECURRENCE_LABELS[months] }));

/** The category choice that hands the decision back to the server (it takes the one the name suggests). */
const AUTOMATIC = 'automatic';

const STARTING_VALUES: CareFormInput = { careName: '', dueDate: '', recurringMonths: '12', category: undefined, notes: '' };

interface AddCareItemDialogProps {
  open: boolean;
  onClose(): void;
  /** Where focus goes on closing: the dialog has no trigger of its own to return to. */
  onCloseAutoFocus(event: Event): void;
}

/** 'Add Preventative Care Item' (part 2 §2 (docs/product.md#part-2-2), §5 (docs/product.md#part-2-5); issue 12 point 6), opened by the page's 'Add Care Item'. */
export function AddCareItemDialog({ open, onClose, onCloseAutoFocus }: AddCareItemDialogProps) {
  const patientId = usePatientId();
  const add = useAddCareItem(patientId);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !add.isPending && onClose()}>
      {open && (
        <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle>Add Preventative Care Item</DialogTitle>
          <DialogDescription>A screening, check-up or vaccination to keep track of; recurring care comes due again after each visit.</DialogDescription>
          {/* Mounted with the dialog, so each opening starts empty. */}
          <CareItemFormFields add={add} onAdded={onClose} onCancel={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

interface CareItemFormFieldsProps {
  add: ReturnType<typeof useAddCareItem>;
  onAdded(): void;
  onCancel(): void;
}

function CareItemFormFields({ add, onAdded, onCancel }: CareItemFormFieldsProps) {
  const patientId = usePatientId();
  const form = useForm<CareFormInput, unknown, CareFormValues>({
    resolver: zodResolver(CareItemForm),
    defaultValues: STARTING_VALUES,
  });
  const careName = useWatch({ control: form.control, name: 'careName' });
  const automatic = `Automatic (${categoryForCare(careName ?? '')})`;

  function submit(values: CareFormValues) {
    if (add.isPending) return;
    const body = {
      userId: patientId,
      careName: values.careName,
      dueDate: values.dueDate,
      status: 'upcoming' as const,
      recurringMonths: Number(values.recurringMonths),
      // Left out unless chosen: the server then takes the category the name suggests, as the placeholder shows.
      ...(values.category ? { category: values.category } : {}),
      notes: values.notes,
    };
    add.mutate(body, {
      onSuccess: (saved) => {
        toast({ title: 'Care item added', description: `${saved.careName} is due ${formatDate(saved.dueDate)}.` });
        onAdded();
      },
      onError: (error) => {
        showServerFieldError(form, error);
        toast({ title: 'Error', description: `Failed to add preventative care item: ${serverMessage(error)}`, variant: 'destructive' });
      },
    });
  }

  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate className="space-y-4">
        <TextFormField
          control={form.control}
          name="careName"
          label="Care Name"
          input={{ autoComplete: 'off', maxLength: 200, placeholder: 'e.g. Dental Cleaning' }}
        />
        <FormField
          control={form.control}
          name="dueDate"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Due Date</FormLabel>
              <FormControl>
                <DatePicker value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} disablePast />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectFormField
            control={form.control}
            name="recurringMonths"
            label="Recurrence"
            options={RECURRENCE_OPTIONS}
            // Not filled in is the schema's default, Yearly.
            toOption={(months) => months ?? '12'}
          />
          <SelectFormField
            control={form.control}
            name="category"
            label="Category"
            // No category shows the placeholder: the one the server will take from the name, as the name reads now.
            placeholder={automatic}
            options={CARE_CATEGORIES}
            // Automatic is none of the categories, so it finds none: the field goes back to undefined, the server's choice.
            fromOption={(option) => CARE_CATEGORIES.find((category) => category === option)}
            itemsBefore={
              <>
                <SelectItem value={AUTOMATIC}>{automatic}</SelectItem>
                <SelectSeparator />
              </>
            }
          />
        </div>
        <TextFormField control={form.control} name="notes" label="Notes (Optional)" multiline input={{ maxLength: 2000 }} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onCancel} disabled={add.isPending}>
            Cancel
          </Button>
          <SubmitButton pending={add.isPending}>{add.isPending ? 'Adding...' : 'Add Care Item'}</SubmitButton>
        </div>
      </form>
    </Form>
  );
}
