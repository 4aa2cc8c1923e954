import type { ComponentProps } from 'react';
import { useFormContext, type FieldPath } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import type { WizardInput } from '../wizard-form';

interface TextFieldProps {
  name: FieldPath<WizardInput>;
  label: string;
  multiline?: boolean;
  input?: Omit<ComponentProps<'input'>, 'name' | 'value' | 'onChange'>;
}

/** One labelled text answer of the wizard, its message from the step's schema tied to it. */
export function TextField({ name, label, multiline = false, input }: TextFieldProps) {
  const { control } = useFormContext<WizardInput>();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            {multiline ? (
              <Textarea {...field} value={typeof field.value === 'string' ? field.value : ''} rows={3} maxLength={2000} />
            ) : (
              <Input {...field} value={typeof field.value === 'string' ? field.value : ''} {...input} />
            )}
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
