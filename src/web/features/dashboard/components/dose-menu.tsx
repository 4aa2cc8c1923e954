import type { ReactElement } from 'react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu';

interface DoseMenuProps {
  /** The button that opens it. */
  trigger: ReactElement;
  /** Open as it mounts: its button was pressed while its code was on its way. */
  defaultOpen?: boolean;
  onClose(): void;
  onTakenAt(): void;
  onSkip(): void;
  onMissed(): void;
}

/** A due dose's other marks: taken at another time, skipped (with a reason), missed. */
export function DoseMenu({ trigger, defaultOpen, onClose, onTakenAt, onSkip, onMissed }: DoseMenuProps) {
  return (
    <DropdownMenu defaultOpen={defaultOpen} onOpenChange={(open) => !open && onClose()}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-48">
        <DropdownMenuItem onSelect={onTakenAt}>Taken at another time…</DropdownMenuItem>
        <DropdownMenuItem onSelect={onSkip}>Skip…</DropdownMenuItem>
        <DropdownMenuItem onSelect={onMissed}>Missed</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
