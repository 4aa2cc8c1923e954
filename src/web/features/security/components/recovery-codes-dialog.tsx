import { RecoveryCodes } from '../../../components/sign-in/recovery-codes';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';

interface RecoveryCodesDialogProps {
  /** The ten codes just made; null when none is being shown. */
  codes: string[] | null;
  onDone(): void;
  onCloseAutoFocus(event: Event): void;
}

/** The ten new recovery codes, shown once (the same step as setup and "Protect your record"), to copy or download. */
export function RecoveryCodesDialog({ codes, onDone, onCloseAutoFocus }: RecoveryCodesDialogProps) {
  return (
    <Dialog open={codes !== null} onOpenChange={(open) => !open && onDone()}>
      {codes && (
        <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto" onCloseAutoFocus={onCloseAutoFocus}>
          <div className="space-y-1.5 pr-6">
            <DialogTitle>Your new recovery codes</DialogTitle>
            <DialogDescription>The old codes no longer work.</DialogDescription>
          </div>
          <RecoveryCodes codes={codes} onSaved={onDone} />
        </DialogContent>
      )}
    </Dialog>
  );
}
