import type { ComponentProps, ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from './form';
import { Input } from './input';
import { Textarea } from './textarea';

interface TextFormFieldProps<Values extends FieldValues, Transformed> {
  control: Control<Values, unknown, Transformed>;
  name: FieldPath<Values>;
  label: string;
  description?: ReactNode;
  className?: string;
  /** A text area (three rows) instead of a one-line input. */
  multiline?: boolean;
  /** Attributes of the input or text area: type, autoComplete, maxLength, placeholder, … */
  input?: Omit<ComponentProps<'input'> & ComponentProps<'textarea'>, 'name' | 'value' | 'onChange' | 'onBlur' | 'ref'>;
}

/**
 * One labelled text field of a form: label, control, optional description and the schema's message, tied together
 * by FormControl. A value of null or undefined (an optional field not filled in) shows as empty.
 */
export function TextFormField<Values extends FieldValues, Transformed = Values>({
  control,
  name,
  label,
  description,
  className,
  multiline = false,
  input,
}: TextFormFieldProps<Values, Transformed>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => {
        const value = typeof field.value === 'string' ? field.value : '';
        return (
          <FormItem className={className}>
            <FormLabel>{label}</FormLabel>
            <FormControl>
              {multiline ? <Textarea rows={3} {...input} {...field} value={value} /> : <Input {...input} {...field} value={value} />}
            </FormControl>
            {description && <FormDescription>{description}</FormDescription>}
            <FormMessage />
          </FormItem>
        );
      }}
    />
  );
}
