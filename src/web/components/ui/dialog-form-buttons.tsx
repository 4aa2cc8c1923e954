import { cn } from '../../lib/cn';
import { Button } from './button';

interface DialogFormButtonsProps {
  saveLabel: string;
  pending: boolean;
  onCancel(): void;
  className?: string;
}

/**
 * Cancel and the submit button of a form in a dialog; the submit reads 'Saving...' while the server works.
 * aria-disabled, not disabled, while saving: a disabled button would drop the keyboard focus out of the dialog.
 * The form's submit handler must ignore a press while `pending`.
 */
export function DialogFormButtons({ saveLabel, pending, onCancel, className }: DialogFormButtonsProps) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
      <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" aria-disabled={pending || undefined} className="aria-disabled:cursor-not-allowed aria-disabled:opacity-70">
        {pending ? 'Saving...' : saveLabel}
      </Button>
    </div>
  );
}
