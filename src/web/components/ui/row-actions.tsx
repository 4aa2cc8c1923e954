import { Pencil, Trash2 } from 'lucide-react';
import { Button } from './button';
import { Tooltip } from './tooltip';

interface RowActionsProps {
  /** What the row is called; each button's name and tooltip is its verb and this, e.g. 'Remove Dr. Sarah Chen'. */
  name: string;
  /** The pencil's verb: 'Edit' unless the row only changes its name. */
  editVerb?: 'Edit' | 'Rename';
  onEdit(): void;
  onRemove(): void;
}

/** A list row's two icon buttons, change and remove, at the end of the row; the caller remembers focus for its dialogs. */
export function RowActions({ name, editVerb = 'Edit', onEdit, onRemove }: RowActionsProps) {
  return (
    <div className="flex shrink-0 justify-end gap-1">
      <Tooltip label={`${editVerb} ${name}`}>
        <Button variant="ghost" size="icon" aria-label={`${editVerb} ${name}`} onClick={onEdit}>
          <Pencil aria-hidden="true" />
        </Button>
      </Tooltip>
      <Tooltip label={`Remove ${name}`}>
        <Button variant="ghost" size="icon" aria-label={`Remove ${name}`} onClick={onRemove}>
          <Trash2 aria-hidden="true" className="text-destructive" />
        </Button>
      </Tooltip>
    </div>
  );
}
