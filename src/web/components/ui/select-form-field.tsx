import type { ReactNode } from 'react';
import type { Control, FieldPath, FieldPathValue, FieldValues } from 'react-hook-form';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from './form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';

/** One choice of the list: a value that is its own text, or a value and the text shown for it. */
export type SelectOption = string | { value: string; label: string };

interface SelectFormFieldProps<Values extends FieldValues, Name extends FieldPath<Values>, Transformed> {
  control: Control<Values, unknown, Transformed>;
  name: Name;
  label: string;
  options: readonly SelectOption[];
  /** Shown while nothing is chosen (the field's option is ''). */
  placeholder?: string;
  description?: ReactNode;
  /** Of the field as a whole (FormItem). */
  className?: string;
  /** Of the open list (SelectContent), e.g. a height limit for a long one. */
  contentClassName?: string;
  /** The field's value as an option's value; by default a string is itself and anything else '' (nothing chosen). */
  toOption?(value: FieldPathValue<Values, Name>): string;
  /** A chosen option's value as the field's value; by default the option's value itself. */
  fromOption?(option: string): FieldPathValue<Values, Name>;
  /** Items (SelectItem, SelectSeparator) listed before the options. */
  itemsBefore?: ReactNode;
  /** Items listed after the options. */
  itemsAfter?: ReactNode;
  /** Sees each choice first; returns true for one it handled itself (an action, not a value): the field is left as it is. */
  onSelectValue?(option: string): boolean;
}

const stringOrNothing = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * One labelled choice of a form (a Radix Select): label, trigger, optional description and the schema's message,
 * tied together by FormControl. The sibling of TextFormField.
 */
export function SelectFormField<Values extends FieldValues, Name extends FieldPath<Values>, Transformed = Values>({
  control,
  name,
  label,
  options,
  placeholder,
  description,
  className,
  contentClassName,
  toOption = stringOrNothing,
  fromOption,
  itemsBefore,
  itemsAfter,
  onSelectValue,
}: SelectFormFieldProps<Values, Name, Transformed>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <Select
            value={toOption(field.value)}
            onValueChange={(option) => {
              if (onSelectValue?.(option)) return;
              field.onChange(fromOption ? fromOption(option) : option);
            }}
          >
            <FormControl>
              <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                <SelectValue placeholder={placeholder} />
              </SelectTrigger>
            </FormControl>
            <SelectContent className={contentClassName}>
              {itemsBefore}
              {options.map((option) => {
                const { value, label } = typeof option === 'string' ? { value: option, label: option } : option;
                return (
                  <SelectItem key={value} value={value}>
                    {label}
                  </SelectItem>
                );
              })}
              {itemsAfter}
            </SelectContent>
          </Select>
          {description && <FormDescription>{description}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
