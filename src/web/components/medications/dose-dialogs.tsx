import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { optionalText } from '../../../shared/contracts/common';
import { timeOfDay } from '../../../shared/contracts/medications';
import { DatePicker } from '../ui/date-picker';
import { DialogFormButtons } from '../ui/dialog-form-buttons';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../ui/form';
import { TextFormField } from '../ui/text-form-field';
import { localInstant } from '../../../shared/rules/medication-schedule';

// The small dialogs of the dose log: when a dose was taken (logging one taken earlier, or correcting the time), and
// why one was skipped. Used by the dashboard's Today's doses and the Medications page.

interface DoseDialogFrame {
  /** Closed while null. */
  title: string | null;
  description: string;
  pending: boolean;
  onClose(): void;
  onCloseAutoFocus?(event: Event): void;
}

function DoseDialog({ title, description, pending, onClose, onCloseAutoFocus, children }: DoseDialogFrame & { children: ReactNode }) {
  return (
    <Dialog open={title !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      {title !== null && (
        <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
          {children}
        </DialogContent>
      )}
    </Dialog>
  );
}

interface TakenAtDialogProps extends DoseDialogFrame {
  /** Where the form starts: the patient's day and clock time. */
  initial: { date: string; time: string };
  /** The patient's today: no later day can be chosen. */
  today: string;
  /** The patient's time zone (null: this browser's). */
  zone: string | null;
  saveLabel: string;
  onSave(takenAt: Date): void;
}

const TakenAtForm = z.object({ date: z.string().min(1, 'Please choose the day'), time: timeOfDay });
type TakenAtValues = z.infer<typeof TakenAtForm>;

/** When a dose was taken: a day (today or before) and a time on the patient's clock, not in the future. */
export function TakenAtDialog({ initial, today, zone, saveLabel, onSave, ...frame }: TakenAtDialogProps) {
  return (
    <DoseDialog {...frame}>
      <TakenAtFields initial={initial} today={today} zone={zone} saveLabel={saveLabel} onSave={onSave} pending={frame.pending} onCancel={frame.onClose} />
    </DoseDialog>
  );
}

function TakenAtFields({
  initial,
  today,
  zone,
  saveLabel,
  onSave,
  pending,
  onCancel,
}: Pick<TakenAtDialogProps, 'initial' | 'today' | 'zone' | 'saveLabel' | 'onSave' | 'pending'> & { onCancel(): void }) {
  const form = useForm<TakenAtValues>({ resolver: zodResolver(TakenAtForm), defaultValues: initial });
  function submit(values: TakenAtValues) {
    if (pending) return;
    const takenAt = localInstant(values.date, values.time, zone);
    if (takenAt.getTime() > Date.now()) {
      form.setError('time', { message: 'A dose cannot be taken in the future' });
      return;
    }
    onSave(takenAt);
  }
  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="date"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Day taken</FormLabel>
                <FormControl>
                  <DatePicker value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} toDate={today} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <TextFormField control={form.control} name="time" label="Time taken" input={{ type: 'time', required: true }} />
        </div>
        <DialogFormButtons saveLabel={saveLabel} pending={pending} onCancel={onCancel} />
      </form>
    </Form>
  );
}

interface SkipDoseDialogProps extends DoseDialogFrame {
  onSave(reason: string | null): void;
}

const SkipForm = z.object({ reason: optionalText(500) });
type SkipInput = z.input<typeof SkipForm>;
type SkipValues = z.output<typeof SkipForm>;

/** A dose skipped, with an optional reason. */
export function SkipDoseDialog({ onSave, ...frame }: SkipDoseDialogProps) {
  return (
    <DoseDialog {...frame}>
      <SkipFields onSave={onSave} pending={frame.pending} onCancel={frame.onClose} />
    </DoseDialog>
  );
}

function SkipFields({ onSave, pending, onCancel }: { onSave(reason: string | null): void; pending: boolean; onCancel(): void }) {
  const form = useForm<SkipInput, unknown, SkipValues>({ resolver: zodResolver(SkipForm), defaultValues: { reason: '' } });
  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(({ reason }) => !pending && onSave(reason))(event)} noValidate className="space-y-4">
        <TextFormField control={form.control} name="reason" label="Reason (optional)" multiline input={{ maxLength: 500, rows: 2, placeholder: 'e.g. felt unwell' }} />
        <DialogFormButtons saveLabel="Skip Dose" pending={pending} onCancel={onCancel} />
      </form>
    </Form>
  );
}
