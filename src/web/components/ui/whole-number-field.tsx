import { FormControl, FormField, FormItem, FormLabel, FormMessage } from './form';
import { Input } from './input';

interface WholeNumberFieldProps {
  /** The form's field (of the form around it): a number, or null for none. */
  name: string;
  label: string;
  min: number;
  max: number;
}

/**
 * An optional whole number of a dialog's form (a medication's refills, quantity and hours between doses, a vaccine's
 * dose number); an empty box is none (null).
 */
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
