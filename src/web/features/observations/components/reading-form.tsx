import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Observation } from '../../../../shared/contracts/observations';
import { timeOfDay } from '../../../../shared/contracts/medications';
import { BLOOD_PRESSURE, measureOf, measuresOfKind, type Measure, type MeasureKind, type UnitSystem } from '../../../../shared/rules/measures';
import { localInstant } from '../../../../shared/rules/medication-schedule';
import { clockIn } from '../../../../shared/rules/patient';
import { givenValueWords, readQuickValue, type ObservationValue } from '../../../../shared/rules/observations';
import { DatePicker } from '../../../components/ui/date-picker';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form';
import { SelectFormField } from '../../../components/ui/select-form-field';
import { showServerFieldError } from '../../../components/ui/server-field-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextFormField } from '../../../components/ui/text-form-field';
import { ApiError } from '../../../lib/api-client';

// A reading as the patient types it: the measure, the value in one line ('128/82', '5.4', '<5', 'negative'), its unit
// and when it was taken (now, unless they say otherwise), on their clock. The quick entry and the edit dialog share it.

const ReadingForm = z.object({
  code: z.string().min(1, 'Please choose a measure'),
  value: z.string().trim().min(1, 'Enter a value').max(200, 'must be at most 200 characters'),
  unit: z.string(),
  date: z.string().min(1, 'Please choose the day'),
  time: timeOfDay,
});
export type ReadingValues = z.infer<typeof ReadingForm>;

/** The units a measure is offered in: its metric and its US unit (once when they are the same). */
export function unitOptions(measure: Measure | undefined) {
  if (!measure?.display || measure.valueType === 'blood-pressure') return [];
  const { metric, us } = measure.display;
  return metric.ucum === us.ucum ? [{ value: metric.ucum, label: metric.symbol }] : [metric, us].map((unit) => ({ value: unit.ucum, label: unit.symbol }));
}

/** Where a measure's unit starts: the patient's own system's. */
export const preferredUnit = (measure: Measure | undefined, system: UnitSystem) => measure?.display?.[system].ucum ?? '';

/** The form's start for a new reading of `code` now, or for a stored one. */
export function readingDefaults(code: string, system: UnitSystem, zone: string | null, stored?: Observation): ReadingValues {
  const { date, time } = clockIn(zone, stored ? new Date(stored.takenAt) : new Date());
  if (stored) {
    const unit = stored.value.type === 'quantity' ? stored.value.unit : '';
    return { code: stored.code, value: givenValueWords(stored.value), unit, date, time };
  }
  return { code, value: '', unit: preferredUnit(measureOf(code), system), date, time };
}

export interface ReadingToSave {
  code: string;
  takenAt: string;
  value: ObservationValue;
}

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
  const form = useForm<ReadingValues>({ resolver: zodResolver(ReadingForm), defaultValues: defaults });
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
        <SelectFormField
          control={form.control}
          name="code"
          label="Measure"
          options={measuresOfKind(kind).map((option: Measure) => ({ value: option.loinc, label: option.name }))}
          contentClassName="max-h-72"
          onSelectValue={(next) => {
            form.setValue('unit', preferredUnit(measureOf(next), system));
            return false;
          }}
        />
        <TextFormField
          control={form.control}
          name="value"
          label={bloodPressure ? 'Reading (systolic/diastolic)' : 'Reading'}
          input={{ inputMode: bloodPressure ? 'text' : 'decimal', autoComplete: 'off', placeholder: bloodPressure ? '128/82' : measure?.valueType === 'text' ? 'negative' : '5.4' }}
        />
        {units.length > 1 ? (
          <SelectFormField control={form.control} name="unit" label="Unit" options={units} />
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
