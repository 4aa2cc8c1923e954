import { Copy, Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { copyText, downloadText } from '../copy-text';

interface RecoveryCodesDialogProps {
  /** The ten codes just made; null when none is being shown. */
  codes: string[] | null;
  onDone(): void;
  onCloseAutoFocus(event: Event): void;
}

const asText = (codes: string[]) =>
  ['HealthAssist recovery codes', 'Each code signs you in once. Keep them somewhere safe.', '', ...codes, ''].join('\n');

/** The ten new recovery codes, shown once, to copy or download before they are gone. */
export function RecoveryCodesDialog({ codes, onDone, onCloseAutoFocus }: RecoveryCodesDialogProps) {
  return (
    <Dialog open={codes !== null} onOpenChange={(open) => !open && onDone()}>
      {codes && (
        <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto" onCloseAutoFocus={onCloseAutoFocus}>
          <div className="space-y-1.5 pr-6">
            <DialogTitle>Your new recovery codes</DialogTitle>
            <DialogDescription>
              Each code signs you in once if you lose your passkeys and passphrase. Save them now: they are not shown again.
            </DialogDescription>
          </div>
          <ol aria-label="Recovery codes" className="grid gap-2 rounded-md border bg-muted/40 p-3 font-mono text-sm sm:grid-cols-2">
            {codes.map((code) => (
              <li key={code} className="text-center tracking-wide">
                {code}
              </li>
            ))}
          </ol>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => void copyText(codes.join('\n'), 'Recovery codes')}>
              <Copy aria-hidden="true" /> Copy
            </Button>
            <Button variant="outline" onClick={() => downloadText(asText(codes), 'healthassist-recovery-codes.txt')}>
              <Download aria-hidden="true" /> Download
            </Button>
            <Button onClick={onDone}>Done</Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
