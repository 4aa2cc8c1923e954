import { createFormControl } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { showServerFieldError } from './server-field-error';

// A real react-hook-form control, without React: what useForm() returns to a form.
const planForm = () => createFormControl({ defaultValues: { deductible: '1000', deductibleMet: '1200' } });
const refusal = (message: string) => new ApiError(400, JSON.stringify({ message }));

describe('showServerFieldError', () => {
  it("puts a refusal that names one of the form's fields on that field, keeping every value", () => {
    const form = planForm();
    showServerFieldError(form, refusal('deductibleMet: Deductible met cannot exceed the deductible'));
    expect(form.getFieldState('deductibleMet').error?.message).toBe('Deductible met cannot exceed the deductible');
    expect(form.getFieldState('deductible').error).toBeUndefined();
    expect(form.getValues()).toEqual({ deductible: '1000', deductibleMet: '1200' });
  });

  it.each([
    ['a field the form does not have', refusal('email: That email address is already in use')],
    ['a refusal that names no field', refusal('A primary insurance plan already exists; edit it instead')],
    ['a network failure', new TypeError('Failed to fetch')],
  ])('leaves the form alone for %s', (_case, error) => {
    const form = planForm();
    showServerFieldError(form, error);
    expect(form.getFieldState('deductible').error).toBeUndefined();
    expect(form.getFieldState('deductibleMet').error).toBeUndefined();
    expect(form.getValues()).not.toHaveProperty('email');
  });
});
