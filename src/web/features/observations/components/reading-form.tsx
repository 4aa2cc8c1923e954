import { useForm } from 'react-hook-form';
import { BLOOD_PRESSURE, measureOf, measuresOfKind, type Measure, type MeasureKind, type UnitSystem } from '../../../../shared/rules/measures';
import { localInstant } from '../../../../shared/rules/medication-schedule';
import { readQuickValue } from '../../../../shared/rules/observations';
import { DatePicker } from '../../../components/ui/date-picker';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form';
import { NativeSelectFormField } from '../../../components/ui/native-select-form-field';
import { showServerFieldError } from '../../../components/ui/server-field-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextFormField } from '../../../components/ui/text-form-field';
import { ApiError } from '../../../lib/api-client';
import { checkReading, preferredUnit, readingDefaults, unitOptions, type ReadingToSave, type ReadingValues } from './reading-values';

// A reading as the patient types it (reading-values.ts), checked and read. The quick entry and the edit dialog share it,
// and load it as a chunk of its own: the form and the date picker are most of the page's code.

interface ReadingFieldsProps {
  kind: MeasureKind;
  defaults: ReadingValues;
  system: UnitSystem;
  zone: string | null;
  today: string;
  pending: boolean;
  saveLabel: string;
  /** Saves; rejects with the server's refusal, which is shown under its field. */
  onSave(reading: ReadingToSave): Promise<unknown>;
  /** After a save: the form starts again for another reading of the same measure. */
  resetAfterSave?: boolean;
  /** Buttons beside Save (a dialog's Cancel). */
  extraButtons?: React.ReactNode;
}

export function ReadingFields({ kind, defaults, system, zone, today, pending, saveLabel, onSave, resetAfterSave, extraButtons }: ReadingFieldsProps) {
  const form = useForm<ReadingValues>({ resolver: checkReading, defaultValues: defaults });
  const code = form.watch('code');
  const measure = measureOf(code);
  const units = unitOptions(measure);
  const bloodPressure = code === BLOOD_PRESSURE;

  async function submit(values: ReadingValues) {
    if (pending || !measure) return;
    const read = readQuickValue(measure, values.value, values.unit || undefined);
    if (!read.ok) {
      form.setError('value', { message: read.message });
      return;
    }
    const takenAt = localInstant(values.date, values.time, zone);
    if (takenAt.getTime() > Date.now() + 60_000) {
      form.setError('time', { message: 'A reading cannot be taken in the future' });
      return;
    }
    try {
      await onSave({ code: values.code, takenAt: takenAt.toISOString(), value: read.value });
      if (resetAfterSave) form.reset({ ...readingDefaults(values.code, system, zone), unit: values.unit });
    } catch (error) {
      // 'value.unit: …' and 'value.diastolic: …' are the value's field to the patient.
      const valueRefusal = error instanceof ApiError && /^value\.\w+: /.test(error.text) ? error.text.replace(/^value\.\w+: /, '') : null;
      if (valueRefusal) form.setError('value', { message: valueRefusal });
      else showServerFieldError(form, error);
    }
  }

  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,0.8fr)_minmax(0,1fr)_minmax(0,0.8fr)_auto] lg:items-end">
        <NativeSelectFormField
          control={form.control}
          name="code"
          label="Measure"
          options={measuresOfKind(kind).map((option: Measure) => ({ value: option.loinc, label: option.name, group: option.panel }))}
          onChoose={(next) => form.setValue('unit', preferredUnit(measureOf(next), system))}
        />
        <TextFormField
          control={form.control}
          name="value"
          label={bloodPressure ? 'Reading (systolic/diastolic)' : 'Reading'}
          input={{ inputMode: bloodPressure ? 'text' : 'decimal', autoComplete: 'off', placeholder: bloodPressure ? '128/82' : measure?.valueType === 'text' ? 'negative' : '5.4' }}
        />
        {units.length > 1 ? (
          <NativeSelectFormField control={form.control} name="unit" label="Unit" options={units} />
        ) : (
          <div className="space-y-2">
            <p className="text-sm font-medium leading-none">Unit</p>
            <p className="flex h-9 items-center text-sm text-muted-foreground">{bloodPressure ? 'mmHg' : (units[0]?.label ?? '—')}</p>
          </div>
        )}
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
        <div className="flex gap-2 sm:col-span-2 lg:col-span-1">
          {extraButtons}
          <SubmitButton pending={pending}>{saveLabel}</SubmitButton>
        </div>
      </form>
    </Form>
  );
}
