import type { ReactNode } from 'react';
import { Button } from './button';

interface SubmitButtonProps {
  pending: boolean;
  children: ReactNode;
}

/**
 * A form's submit button while the server works: aria-disabled, not disabled, because a disabled button would
 * drop the keyboard focus (out of a dialog, to the page's start). The form's submit handler must ignore a press
 * while `pending`; the caller words the pending state ('Saving...', 'Submitting...').
 */
export function SubmitButton({ pending, children }: SubmitButtonProps) {
  return (
    <Button type="submit" aria-disabled={pending || undefined} className="aria-disabled:cursor-not-allowed aria-disabled:opacity-70">
      {children}
    </Button>
  );
}
