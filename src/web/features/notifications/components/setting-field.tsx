import type { Control, FieldPath } from 'react-hook-form';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormControl, FormDescription, FormField, FormItem, FormLabel } from '../../../components/ui/form';
import type { SettingsInput, SettingsValues } from '../settings-form';

type OnOffField = Extract<FieldPath<SettingsInput>, `switches.${string}` | `detailed.${string}`>;

interface SettingFieldProps {
  control: Control<SettingsInput, unknown, SettingsValues>;
  name: OnOffField;
  label: string;
  hint: string;
}

/**
 * One on/off setting of the page, its label and a line of what it does. A checkbox, not a switch: the page applies
 * with its Save button, and a switch (ui/switch.tsx) is for a setting that applies at once. (It also keeps Radix's
 * Switch out of this chunk: shared with the onboarding, it split the chunks the first paint's script lists, ADR 20.)
 */
export function SettingField({ control, name, label, hint }: SettingFieldProps) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="flex flex-row items-start gap-3 space-y-0 py-3">
          <FormControl>
            <Checkbox
              ref={field.ref}
              className="mt-0.5"
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
            />
          </FormControl>
          <div className="grid gap-1">
            <FormLabel className="cursor-pointer">{label}</FormLabel>
            <FormDescription>{hint}</FormDescription>
          </div>
        </FormItem>
      )}
    />
  );
}
