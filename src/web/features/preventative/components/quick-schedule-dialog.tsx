import { RadioFormField } from '../../../components/ui/radio-form-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { addDays } from 'date-fns';
import { Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import type { Provider } from '../../../../shared/contracts/appointments';
import { QUICK_TIME_SLOTS } from '../../../../shared/rules/appointment-display';
import { usePatientId } from '../../../lib/patient-id';
import { providerForCare } from '../../../../shared/rules/providers';
import { paths } from '../../../app/paths';
import { buttonClass } from '../../../components/ui/button-variants';
import { DatePicker } from '../../../components/ui/date-picker';
import { DialogFormButtons } from '../../../components/ui/dialog-form-buttons';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form';
import { SelectFormField } from '../../../components/ui/select-form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { TextFormField } from '../../../components/ui/text-form-field';
import { toast } from '../../../components/ui/use-toast';
import { useScheduleAppointment } from '../../../lib/api/appointments';
import { providersQuery } from '../../../lib/api/providers';
import { serverMessage } from '../../../lib/api-client';
import { providerSelect } from '../../../lib/provider-options';
import { toCalendarDate } from '../../../lib/calendar-dates';
import { cn } from '../../../lib/cn';
import { lastQuickDay, QuickScheduleForm, type QuickScheduleFormInput, type QuickScheduleFormValues } from '../quick-schedule-form';

/** What a row's Schedule asks to book: the service, and the care item it is for when there is one. */
export interface QuickScheduleRequest {
  service: string;
  careItemId: number | null;
}

interface QuickScheduleDialogProps {
  request: QuickScheduleRequest | null;
  onClose(): void;
  /** Where focus goes on closing: back to the row's Schedule button. */
  onCloseAutoFocus(event: Event): void;
}

/** The quick scheduling dialog (part 2 §3 (docs/product.md#part-2-3), §4 (docs/product.md#part-2-4), §5 (docs/product.md#part-2-5)): a date, a provider, a time slot, notes; then "verifying". */
export function QuickScheduleDialog({ request, onClose, onCloseAutoFocus }: QuickScheduleDialogProps) {
  const patientId = usePatientId();
  const schedule = useScheduleAppointment(patientId);
  const providers = useQuery({ ...providersQuery(patientId), enabled: request !== null });
  const verifying = schedule.isPending;
  return (
    // It cannot be closed while verifying (part 2 §4 (docs/product.md#part-2-4)): neither Escape, the overlay nor a button closes it then.
    <Dialog open={request !== null} onOpenChange={(open) => !open && !verifying && onClose()}>
      {request && (
        <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto" hideClose={verifying} onCloseAutoFocus={onCloseAutoFocus}>
          {/* One title and description, worded for the state: the dialog's name follows what it is doing. */}
          <DialogTitle className={cn(verifying && 'text-center')}>{verifying ? 'Verifying with your provider' : `Schedule ${request.service}`}</DialogTitle>
          <DialogDescription className={cn(verifying && 'text-center')}>
            {verifying
              ? "We're confirming your appointment details and will notify you when it's scheduled."
              : 'Pick a day within the next three months and a time that suits you.'}
          </DialogDescription>
          {verifying && (
            <div role="status" aria-label="Verifying with your provider" className="flex justify-center py-8">
              <Loader2 aria-hidden="true" className="size-10 animate-spin text-primary" />
            </div>
          )}
          {/* The fields stay mounted while verifying, hidden: a booking that fails comes back with every choice. */}
          <div hidden={verifying}>
            {providers.isPending ? (
              <div className="space-y-3" aria-busy="true">
                {Array.from({ length: 4 }, (_, i) => (
                  <Skeleton key={i} className="h-12 w-full" />
                ))}
              </div>
            ) : providers.isError ? (
              <p className="text-sm text-muted-foreground">Could not load your providers right now; please try again.</p>
            ) : providers.data.length === 0 ? (
              <div className="space-y-3 text-sm">
                <p>You have no providers yet. Add the doctor or practice you see on the Appointments screen first.</p>
                <Link href={paths.appointments} className={buttonClass()}>
                  Go to Appointments
                </Link>
              </div>
            ) : (
              <QuickScheduleFields request={request} providers={providers.data} schedule={schedule} onDone={onClose} />
            )}
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}

interface QuickScheduleFieldsProps {
  request: QuickScheduleRequest;
  providers: Provider[];
  schedule: ReturnType<typeof useScheduleAppointment>;
  onDone(): void;
}

function QuickScheduleFields({ request, providers, schedule, onDone }: QuickScheduleFieldsProps) {
  const patientId = usePatientId();
  const form = useForm<QuickScheduleFormInput, unknown, QuickScheduleFormValues>({
    resolver: zodResolver(QuickScheduleForm),
    defaultValues: {
      // Tomorrow by default, the provider of the service's specialty preselected (part 2 §5 (docs/product.md#part-2-5)).
      date: toCalendarDate(addDays(new Date(), 1)),
      providerId: providerForCare(providers, request.service)?.id ?? 0,
      timeSlot: '',
      notes: '',
    },
  });

  const formRef = useRef<HTMLFormElement>(null);
  // A failed booking shows the fields again (they were hidden while verifying): the keyboard goes back to where it
  // was, the submit button. In an effect, so that it runs once they are visible.
  const failed = schedule.isError;
  useEffect(() => {
    if (failed) formRef.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
  }, [failed]);

  function submit(values: QuickScheduleFormValues) {
    if (schedule.isPending) return;
    schedule.mutate(
      {
        userId: patientId,
        providerId: values.providerId,
        service: request.service,
        date: values.date,
        timeSlot: values.timeSlot,
        notes: values.notes,
        status: 'Scheduled',
        careItemId: request.careItemId,
      },
      {
        onSuccess: () => {
          toast({ title: 'Appointment Scheduled', description: 'Confirming with your provider' });
          onDone();
        },
        // Beyond the spec, which stays silent: a booking that did not happen says so, and the dialog keeps the choices.
        onError: (error) => toast({ title: 'Error', description: `Failed to schedule appointment: ${serverMessage(error)}`, variant: 'destructive' }),
      },
    );
  }

  return (
    <Form {...form}>
      <form ref={formRef} onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate className="space-y-4">
        <FormField
          control={form.control}
          name="date"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Appointment Date</FormLabel>
              <FormControl>
                <DatePicker value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} disablePast toDate={lastQuickDay()} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <SelectFormField
          control={form.control}
          name="providerId"
          label="Provider"
          placeholder="Select a provider"
          contentClassName="max-h-72"
          {...providerSelect(providers)}
        />
        <RadioFormField control={form.control} name="timeSlot" label="Time Slot" options={QUICK_TIME_SLOTS} groupClassName="grid grid-cols-2 gap-2 sm:grid-cols-4" />
        <TextFormField control={form.control} name="notes" label="Notes (optional)" multiline input={{ maxLength: 2000, rows: 2 }} />
        <DialogFormButtons saveLabel="Schedule Appointment" pending={schedule.isPending} onCancel={onDone} />
      </form>
    </Form>
  );
}
