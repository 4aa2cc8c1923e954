import { ChevronDown } from 'lucide-react';
import type { ChangeEvent } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from './form';
import { selectFieldClass } from './select-field-class';

/** A choice of the list, in an optional group (an <optgroup> of that label). */
export interface NativeSelectOption {
  value: string;
  label: string;
  group?: string;
}

interface NativeSelectFormFieldProps<Values extends FieldValues, Transformed> {
  control: Control<Values, unknown, Transformed>;
  name: FieldPath<Values>;
  label: string;
  options: readonly NativeSelectOption[];
  className?: string;
  /** Called with each choice after the field has it. */
  onChoose?(option: string): void;
}

/** Options in their groups, each group where its first option is; an option without a group stands alone. */
function grouped(options: readonly NativeSelectOption[]) {
  const parts: Array<{ group: string | undefined; options: NativeSelectOption[] }> = [];
  for (const option of options) {
    const part = option.group === undefined ? undefined : parts.find((existing) => existing.group === option.group);
    if (part) part.options.push(option);
    else parts.push({ group: option.group, options: [option] });
  }
  return parts;
}

const optionElement = (option: NativeSelectOption) => (
  <option key={option.value} value={option.value}>
    {option.label}
  </option>
);

/**
 * One labelled choice of a form as the browser's own <select>, looking like SelectFormField's trigger. For a long list
 * on a screen that has to be quick: the phone shows its own picker, type-ahead and screen readers need nothing from us,
 * and a hundred options cost the page nothing to build (a Radix Select renders every item a second time on mount).
 */
export function NativeSelectFormField<Values extends FieldValues, Transformed = Values>({
  control,
  name,
  label,
  options,
  className,
  onChoose,
}: NativeSelectFormFieldProps<Values, Transformed>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <div className="relative">
            <FormControl>
              <select
                ref={field.ref}
                name={field.name}
                value={typeof field.value === 'string' ? field.value : ''}
                onBlur={field.onBlur}
                onChange={(event: ChangeEvent<HTMLSelectElement>) => {
                  field.onChange(event.target.value);
                  onChoose?.(event.target.value);
                }}
                className={`${selectFieldClass} block appearance-none truncate pr-9 pl-3`}
              >
                {grouped(options).map((part) =>
                  part.group === undefined ? (
                    part.options.map(optionElement)
                  ) : (
                    <optgroup key={part.group} label={part.group}>
                      {part.options.map(optionElement)}
                    </optgroup>
                  ),
                )}
              </select>
            </FormControl>
            <ChevronDown className="pointer-events-none absolute top-3 right-3 size-4 opacity-60" aria-hidden="true" />
          </div>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
