import { Plus, X } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { EVERY_HOURS_RANGE, MAX_TIMES_A_DAY, WEEKDAYS, type Weekday } from '../../../../shared/rules/medications';
import { WEEKDAY_LABELS } from '../../../components/medications/medication-words';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form';
import { RadioFormField } from '../../../components/ui/radio-form-field';
import { TextFormField } from '../../../components/ui/text-form-field';
import { Tooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/cn';
import type { MedicationFormInput, MedicationFormValues } from '../medication-form';
import { WholeNumberField } from '../../../components/ui/whole-number-field';

const KIND_OPTIONS = [
  { value: 'daily', label: 'Every day at set times' },
  { value: 'weekdays', label: 'On certain weekdays' },
  { value: 'every-hours', label: 'Every N hours' },
  { value: 'as-needed', label: 'As needed' },
] as const;

/**
 * The schedule's part of the medication form: the kind, then what that kind needs — the times of day (added and
 * removed), the weekdays (toggles), or the hours between doses and the first dose's time. Times are on the
 * patient's clock, their profile's time zone.
 */
export function ScheduleEditor() {
  const form = useFormContext<MedicationFormInput, unknown, MedicationFormValues>();
  const kind = useWatch({ control: form.control, name: 'schedule.kind' });
  return (
    <div className="space-y-4">
      <RadioFormField
        control={form.control}
        name="schedule.kind"
        label="How often"
        options={KIND_OPTIONS}
        groupClassName="grid gap-x-5 gap-y-2 pt-1 sm:grid-cols-2"
      />
      {kind === 'weekdays' && <WeekdayToggles />}
      {(kind === 'daily' || kind === 'weekdays') && <TimesOfDay />}
      {kind === 'every-hours' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <WholeNumberField name="schedule.everyHours" label="Every (hours)" min={EVERY_HOURS_RANGE.min} max={EVERY_HOURS_RANGE.max} />
          <TextFormField control={form.control} name="schedule.firstTime" label="First dose at" input={{ type: 'time' }} />
        </div>
      )}
      {kind === 'as-needed' ? <p className="text-sm text-muted-foreground">No doses are due: log a dose when you take one.</p> : <RemindAtNight />}
    </div>
  );
}

/** Quiet hours (Settings → Notifications) hold back every reminder but the due doses of a medication marked so (issue 33). */
function RemindAtNight() {
  const form = useFormContext<MedicationFormInput, unknown, MedicationFormValues>();
  return (
    <FormField
      control={form.control}
      name="remindAtNight"
      render={({ field }) => (
        <FormItem className="flex flex-row items-start gap-3 space-y-0">
          <FormControl>
            <Checkbox ref={field.ref} className="mt-0.5" checked={field.value === true} onCheckedChange={(checked) => field.onChange(checked === true)} onBlur={field.onBlur} />
          </FormControl>
          <div className="grid gap-1">
            <FormLabel className="font-normal">Remind even at night</FormLabel>
            <FormDescription>Dose reminders come during quiet hours too.</FormDescription>
          </div>
        </FormItem>
      )}
    />
  );
}

function TimesOfDay() {
  const form = useFormContext<MedicationFormInput, unknown, MedicationFormValues>();
  const times = useFieldArray({ control: form.control, name: 'schedule.times' });
  const { errors } = useFormState({ control: form.control, name: 'schedule.times' });
  const listError = errors.schedule?.times?.message ?? errors.schedule?.times?.root?.message;
  const labelId = useId();
  const full = times.fields.length >= MAX_TIMES_A_DAY;
  return (
    <div role="group" aria-labelledby={labelId} className="space-y-2">
      <p id={labelId} className="text-sm font-medium">
        Times of day
      </p>
      <ul className="space-y-2">
        {times.fields.map((item, index) => (
          <li key={item.id} className="flex items-end gap-2">
            <TextFormField
              control={form.control}
              name={`schedule.times.${index}.time`}
              label={`Time ${index + 1}`}
              className="w-40"
              input={{ type: 'time', required: true }}
            />
            {times.fields.length > 1 && (
              <Tooltip label={`Remove time ${index + 1}`}>
                <Button type="button" variant="ghost" size="icon" aria-label={`Remove time ${index + 1}`} onClick={() => times.remove(index)}>
                  <X aria-hidden="true" />
                </Button>
              </Tooltip>
            )}
          </li>
        ))}
      </ul>
      {listError && <p className="text-sm font-medium text-destructive first-letter:uppercase">{listError}</p>}
      <Button type="button" variant="outline" size="sm" disabled={full} onClick={() => times.append({ time: nextTime(form.getValues('schedule.times')) })}>
        <Plus aria-hidden="true" />
        Add a time
      </Button>
      {full && <p className="text-sm text-muted-foreground">At most {MAX_TIMES_A_DAY} times a day.</p>}
    </div>
  );
}

/** A sensible next time: 12 hours after the last one (08:00 → 20:00), else noon. */
function nextTime(times: readonly { time: string }[]): string {
  const last = times.at(-1)?.time;
  const match = last ? /^(\d\d):(\d\d)$/.exec(last) : null;
  if (!match) return '12:00';
  return `${String((Number(match[1]) + 12) % 24).padStart(2, '0')}:${match[2]}`;
}

function WeekdayToggles() {
  const form = useFormContext<MedicationFormInput, unknown, MedicationFormValues>();
  return (
    <FormField
      control={form.control}
      name="schedule.weekdays"
      render={({ field, fieldState }) => {
        const chosen: Weekday[] = field.value ?? [];
        const toggle = (day: Weekday) => field.onChange(chosen.includes(day) ? chosen.filter((d) => d !== day) : WEEKDAYS.filter((d) => d === day || chosen.includes(d)));
        return (
          <FormItem>
            <FormLabel>Days</FormLabel>
            <FormControl>
              <div role="group" className="flex flex-wrap gap-2" ref={field.ref} tabIndex={-1}>
                {WEEKDAYS.map((day) => {
                  const on = chosen.includes(day);
                  return (
                    <button
                      key={day}
                      type="button"
                      aria-pressed={on}
                      aria-label={WEEKDAY_LABELS[day].long}
                      onClick={() => toggle(day)}
                      onBlur={field.onBlur}
                      className={cn(
                        'h-9 min-w-12 rounded-md border px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
                        on ? 'border-primary bg-primary text-primary-foreground' : 'border-input bg-background hover:bg-accent',
                        fieldState.error && !on && 'border-destructive',
                      )}
                    >
                      {WEEKDAY_LABELS[day].short}
                    </button>
                  );
                })}
              </div>
            </FormControl>
            <FormMessage />
          </FormItem>
        );
      }}
    />
  );
}
