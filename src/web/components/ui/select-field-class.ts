/**
 * The look of a closed choice field, shared by the Radix Select's trigger (select.tsx) and the browser's own <select>
 * (native-select-form-field.tsx), so that the two look alike in one form and stay alike. A module of its own, so that
 * the native one does not bring Radix's Select with it.
 */
export const selectFieldClass =
  'h-10 w-full rounded-md border border-input bg-background py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive';
