import { useFormContext, type FieldPath } from 'react-hook-form';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormControl, FormField, FormItem, FormLabel } from '../../../components/ui/form';
import { Switch } from '../../../components/ui/switch';
import type { WizardInput } from '../wizard-form';

interface CheckFieldProps {
  name: FieldPath<WizardInput>;
  label: string;
  /** A switch for a setting (preferences), a checkbox for an answer (the default). */
  asSwitch?: boolean;
}

export function CheckField({ name, label, asSwitch = false }: CheckFieldProps) {
  const { control } = useFormContext<WizardInput>();
  const Control = asSwitch ? Switch : Checkbox;
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="flex flex-row items-center gap-3 space-y-0">
          <FormControl>
            <Control ref={field.ref} checked={field.value === true} onCheckedChange={(checked) => field.onChange(checked === true)} onBlur={field.onBlur} />
          </FormControl>
          <FormLabel className="font-normal">{label}</FormLabel>
        </FormItem>
      )}
    />
  );
}
