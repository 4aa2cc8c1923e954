import type { FieldPath } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import type { MedicationFormInput } from '../medication-form';

type WholeNumberName = Extract<FieldPath<MedicationFormInput>, 'refillsLeft' | 'quantityOnHand' | 'schedule.everyHours'>;

interface WholeNumberFieldProps {
  name: WholeNumberName;
  label: string;
  min: number;
  max: number;
}

/** An optional whole number of the medication form (refills, quantity, hours between doses); an empty box is none (null). */
export function WholeNumberField({ name, label, min, max }: WholeNumberFieldProps) {
  return (
    <FormField
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              type="number"
              inputMode="numeric"
              min={min}
              max={max}
              step={1}
              value={typeof field.value === 'number' && !Number.isNaN(field.value) ? field.value : ''}
              onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.valueAsNumber)}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
