import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { optionalText } from '../../../../shared/contracts/common';
import type { Medication } from '../../../../shared/contracts/medications';
import { DatePicker } from '../../../components/ui/date-picker';
import { DialogFormButtons } from '../../../components/ui/dialog-form-buttons';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form';
import { showServerFieldError } from '../../../components/ui/server-field-error';
import { TextFormField } from '../../../components/ui/text-form-field';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/api-client';
import { useSaveMedication } from '../../../lib/api/medications';
import { usePatientId } from '../../../lib/patient-id';
import { usePatientToday } from '../../../lib/use-patient-today';

const StopForm = z.object({
  stoppedOn: z.string().min(1, 'Please choose the day you stopped'),
  stopReason: optionalText(500),
});
type StopInput = z.input<typeof StopForm>;
type StopValues = z.output<typeof StopForm>;

interface StopMedicationDialogProps {
  medication: Medication | null;
  onClose(): void;
  onCloseAutoFocus(event: Event): void;
}

/** Stops a medication: the day (today unless the patient says otherwise) and, if they like, why. Its log stays. */
export function StopMedicationDialog({ medication, onClose, onCloseAutoFocus }: StopMedicationDialogProps) {
  const patientId = usePatientId();
  const save = useSaveMedication(patientId);
  return (
    <Dialog open={medication !== null} onOpenChange={(open) => !open && !save.isPending && onClose()}>
      {medication && (
        <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle>Stop {medication.name}?</DialogTitle>
          <DialogDescription>It moves to your past medications, with its dose log. No doses are due from the day you stopped.</DialogDescription>
          <StopFields medication={medication} save={save} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function StopFields({ medication, save, onDone }: { medication: Medication; save: ReturnType<typeof useSaveMedication>; onDone(): void }) {
  const today = usePatientToday();
  const form = useForm<StopInput, unknown, StopValues>({ resolver: zodResolver(StopForm), defaultValues: { stoppedOn: today, stopReason: '' } });

  function submit(values: StopValues) {
    if (save.isPending) return;
    save.mutate(
      { medicationId: medication.id, body: { status: 'stopped', stoppedOn: values.stoppedOn, stopReason: values.stopReason } },
      {
        onSuccess: () => {
          toast({ title: 'Medication stopped', description: `${medication.name} has been moved to your past medications.` });
          onDone();
        },
        onError: (error) => {
          showServerFieldError(form, error);
          toast({ title: 'Error', description: `Failed to stop medication: ${serverMessage(error)}`, variant: 'destructive' });
        },
      },
    );
  }

  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate className="space-y-4">
        <FormField
          control={form.control}
          name="stoppedOn"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Stopped on</FormLabel>
              <FormControl>
                <DatePicker
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  fromDate={medication.startDate ?? undefined}
                  toDate={today}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <TextFormField
          control={form.control}
          name="stopReason"
          label="Reason (optional)"
          multiline
          input={{ maxLength: 500, rows: 2, placeholder: 'e.g. side effects, course finished' }}
        />
        <DialogFormButtons saveLabel="Stop Medication" pending={save.isPending} onCancel={onDone} />
      </form>
    </Form>
  );
}
