import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { UpdateUserBody, User } from '../../../../shared/contracts/users';
import { showServerFieldError } from '../../../components/ui/server-field-error';
import { useUpdateProfile } from '../../../lib/api/profile';
import { saveToasts } from './save-toasts';

/**
 * How each card of My Profile saves its part: one save at a time; once saved the form starts again from what the
 * server kept, and the patient is told; a refusal that names one of the card's fields shows under it as well.
 */
export function useProfileSave<Input extends FieldValues, Values extends UpdateUserBody>(
  form: UseFormReturn<Input, unknown, Values>,
  startingValues: (saved: User) => Input,
) {
  const save = useUpdateProfile();
  function submit(values: Values) {
    if (save.isPending) return;
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(startingValues(saved));
        saveToasts.saved();
      },
      onError: (error) => {
        showServerFieldError(form, error);
        saveToasts.failed(error);
      },
    });
  }
  return { pending: save.isPending, submit };
}
