import type { FieldValues, Path, UseFormGetValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';

/** What the helper needs of react-hook-form's useForm(). */
export interface FieldErrorTarget<Values extends FieldValues> {
  getValues: UseFormGetValues<Values>;
  setError: UseFormSetError<Values>;
}

/**
 * A refusal that names one of the form's fields ('deductibleMet: Deductible met cannot exceed the deductible') is
 * shown under that field too, beside the toast the caller raises; the form keeps every value. Any other error (a
 * field the form does not have, a network failure) leaves the form as it is.
 */
export function showServerFieldError<Values extends FieldValues>(form: FieldErrorTarget<Values>, error: unknown): void {
  const named = error instanceof ApiError ? error.field : null;
  if (named && named.field in form.getValues()) form.setError(named.field as Path<Values>, { message: named.message });
}
