import { RadioFormField } from '../../../components/ui/radio-form-field';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { Provider } from '../../../../shared/contracts/appointments';
import type { CareItem } from '../../../../shared/contracts/preventative-care';
import { OTHER_APPOINTMENT_TYPE, TIME_PREFERENCE_LABELS } from '../../../../shared/rules/appointment-display';
import { formatDate } from '../../../../shared/rules/formats';
import { usePatientId } from '../../../lib/patient-id';
import { providerForCare, specialtyForCare } from '../../../../shared/rules/providers';
import { TIME_PREFERENCES } from '../../../../shared/rules/statuses';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { DatePicker } from '../../../components/ui/date-picker';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form';
import { SelectItem, SelectSeparator } from '../../../components/ui/select';
import { SelectFormField } from '../../../components/ui/select-form-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextFormField } from '../../../components/ui/text-form-field';
import { toast } from '../../../components/ui/use-toast';
import { useScheduleAppointment } from '../../../lib/api/appointments';
import { serverMessage } from '../../../lib/api-client';
import { providerSelect } from '../../../lib/provider-options';
import { toCalendarDate } from '../../../lib/calendar-dates';
import { appointmentTypeOf, ScheduleForm, type ScheduleFormInput, type ScheduleFormValues } from '../schedule-form';
import { ProviderDialog, type ProviderEdit } from './provider-dialog';

/** The provider list's last choice (part 2 §2 (docs/product.md#part-2-2): value 'new'), which opens Add New Provider. */
const NEW_PROVIDER = 'new';

interface ScheduleCardProps {
  /** The choices of Appointment Type, the care item's name first when booking one. */
  typeChoices: string[];
  providers: Provider[];
  /** The care item being booked (`?care=`), found among the patient's own; null for a plain appointment. */
  careItem: CareItem | null;
}

function startingValues(providers: Provider[], careItem: CareItem | null): ScheduleFormInput {
  return {
    // With ?care the type is the care item's name and its specialty's provider is chosen (part 2 §5 (docs/product.md#part-2-5)).
    typeChoice: careItem?.careName ?? '',
    otherType: '',
    providerId: careItem ? (providerForCare(providers, careItem.careName)?.id ?? 0) : 0,
    appointmentDate: toCalendarDate(new Date()),
    appointmentTime: 'afternoon',
    notes: '',
  };
}

/** Schedule New: the card 'Schedule an Appointment' (part 2 §2 (docs/product.md#part-2-2), §5 (docs/product.md#part-2-5)). Mounted once its lists are loaded. */
export function ScheduleCard({ typeChoices, providers, careItem }: ScheduleCardProps) {
  const patientId = usePatientId();
  const [, navigate] = useLocation();
  const schedule = useScheduleAppointment(patientId);
  const [addingProvider, setAddingProvider] = useState<ProviderEdit | null>(null);
  const form = useForm<ScheduleFormInput, unknown, ScheduleFormValues>({
    resolver: zodResolver(ScheduleForm),
    defaultValues: startingValues(providers, careItem),
  });
  const typeChoice = form.watch('typeChoice');

  function submit(values: ScheduleFormValues) {
    if (schedule.isPending) return;
    const appointmentType = appointmentTypeOf(values);
    const body = {
      userId: patientId,
      providerId: values.providerId,
      appointmentType,
      appointmentDate: values.appointmentDate,
      appointmentTime: values.appointmentTime,
      status: 'scheduled',
      notes: values.notes,
      careItemId: careItem?.id ?? null,
    };
    schedule.mutate(body, {
      onSuccess: (saved) => {
        const provider = providers.find((p) => p.id === saved.providerId)?.name;
        toast({
          title: 'Appointment Scheduled',
          description: `${saved.appointmentType}${provider ? ` with ${provider}` : ''} on ${formatDate(saved.appointmentDate)}`,
        });
        navigate(paths.dashboard);
      },
      onError: (error) =>
        toast({ title: 'Error', description: `Failed to schedule appointment: ${serverMessage(error)}`, variant: 'destructive' }),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Schedule an Appointment</CardTitle>
        <CardDescription>
          {careItem ? `For your preventative care item: ${careItem.careName}.` : 'Choose the visit, the provider and when suits you.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate className="grid gap-5 md:grid-cols-2">
            <div className="space-y-4">
              <SelectFormField
                control={form.control}
                name="typeChoice"
                label="Appointment Type"
                placeholder="Select an appointment type"
                contentClassName="max-h-72"
                options={typeChoices}
              />
              {typeChoice === OTHER_APPOINTMENT_TYPE && (
                <TextFormField
                  control={form.control}
                  name="otherType"
                  label="Describe the appointment"
                  input={{ autoComplete: 'off', maxLength: 200, placeholder: 'e.g. Physiotherapy' }}
                />
              )}
            </div>
            <SelectFormField
              control={form.control}
              name="providerId"
              label="Healthcare Provider"
              placeholder="Select a provider"
              contentClassName="max-h-72"
              {...providerSelect(providers)}
              itemsAfter={
                <>
                  {providers.length > 0 && <SelectSeparator />}
                  <SelectItem value={NEW_PROVIDER}>Add New Provider</SelectItem>
                </>
              }
              onSelectValue={(option) => {
                if (option !== NEW_PROVIDER) return false;
                // The new provider's specialty starts as the one the chosen type calls for.
                setAddingProvider({ provider: null, specialty: specialtyForCare(appointmentTypeOf(form.getValues())) });
                return true;
              }}
            />
            <FormField
              control={form.control}
              name="appointmentDate"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Preferred Date</FormLabel>
                  <FormControl>
                    <DatePicker value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} disablePast />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <RadioFormField
              control={form.control}
              name="appointmentTime"
              label="Preferred Time"
              options={TIME_PREFERENCES.map((preference) => ({ value: preference, label: TIME_PREFERENCE_LABELS[preference] }))}
              groupClassName="flex flex-wrap gap-x-6 gap-y-2 pt-1"
            />
            <TextFormField
              control={form.control}
              name="notes"
              label="Additional Notes"
              className="md:col-span-2"
              multiline
              input={{ maxLength: 2000, placeholder: 'Anything the practice should know, e.g. symptoms or questions' }}
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end md:col-span-2">
              <Button type="button" variant="outline" onClick={() => navigate(paths.dashboard)} disabled={schedule.isPending}>
                Cancel
              </Button>
              <SubmitButton pending={schedule.isPending}>{schedule.isPending ? 'Scheduling...' : 'Schedule Appointment'}</SubmitButton>
            </div>
          </form>
        </Form>
      </CardContent>
      <ProviderDialog
        edit={addingProvider}
        onSaved={(provider) => form.setValue('providerId', provider.id, { shouldValidate: form.formState.isSubmitted, shouldDirty: true })}
        onClose={() => setAddingProvider(null)}
        // Back to the provider list, whichever way the dialog closes: the option that opened it is gone.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          form.setFocus('providerId');
        }}
      />
    </Card>
  );
}
