import { useId, type ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { cn } from '../../lib/cn';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from './form';
import { Label } from './label';
import { RadioGroup, RadioGroupItem } from './radio-group';
import type { SelectOption } from './select-form-field';

interface RadioFormFieldProps<Values extends FieldValues, Name extends FieldPath<Values>, Transformed> {
  control: Control<Values, unknown, Transformed>;
  name: Name;
  label: string;
  options: readonly SelectOption[];
  description?: ReactNode;
  /** Of the field as a whole (FormItem). */
  className?: string;
  /** How the choices are laid out (a wrapping row by default). */
  groupClassName?: string;
}

/**
 * One labelled group of radio buttons in a form: the group's label, a label for each choice, an optional description
 * and the schema's message, tied together by FormControl. The sibling of TextFormField and SelectFormField.
 */
export function RadioFormField<Values extends FieldValues, Name extends FieldPath<Values>, Transformed = Values>({
  control,
  name,
  label,
  options,
  description,
  className,
  groupClassName = 'flex flex-wrap gap-x-5 gap-y-2 pt-1',
}: RadioFormFieldProps<Values, Name, Transformed>) {
  // Each choice's id, unique on the page even when two forms show the same field.
  const idPrefix = useId();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <RadioGroup ref={field.ref} value={typeof field.value === 'string' ? field.value : ''} onValueChange={field.onChange} className={cn(groupClassName)}>
              {options.map((option) => {
                const { value, label: text } = typeof option === 'string' ? { value: option, label: option } : option;
                const id = `${idPrefix}-${value}`;
                return (
                  <div key={value} className="flex items-center gap-2">
                    <RadioGroupItem value={value} id={id} />
                    <Label htmlFor={id} className="font-normal">
                      {text}
                    </Label>
                  </div>
                );
              })}
            </RadioGroup>
          </FormControl>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
