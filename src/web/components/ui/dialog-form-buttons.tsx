import { cn } from '../../lib/cn';
import { Button } from './button';
import { SubmitButton } from './submit-button';

interface DialogFormButtonsProps {
  saveLabel: string;
  pending: boolean;
  onCancel(): void;
  className?: string;
}

/**
 * Cancel and the submit button of a form in a dialog; the submit reads 'Saving...' while the server works
 * (and ignores presses then: see SubmitButton).
 */
export function DialogFormButtons({ saveLabel, pending, onCancel, className }: DialogFormButtonsProps) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
      <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <SubmitButton pending={pending}>{pending ? 'Saving...' : saveLabel}</SubmitButton>
    </div>
  );
}
