import { ChevronDown } from 'lucide-react';
import type { ChangeEvent } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from './form';

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

/** Options in their groups, in the order each group first appears; options without a group stay where they are. */
function grouped(options: readonly NativeSelectOption[]) {
  const parts: Array<{ group: string | null; options: NativeSelectOption[] }> = [];
  for (const option of options) {
    const group = option.group ?? null;
    const part = group === null ? undefined : parts.find((existing) => existing.group === group);
    if (part) part.options.push(option);
    else parts.push({ group, options: [option] });
  }
  return parts;
}

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
                className="flex h-10 w-full appearance-none truncate rounded-md border border-input bg-background py-2 pr-9 pl-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive"
              >
                {grouped(options).map((part) =>
                  part.group === null ? (
                    part.options.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))
                  ) : (
                    <optgroup key={part.group} label={part.group}>
                      {part.options.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
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
