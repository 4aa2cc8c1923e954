import { useState } from 'react';
import { ProtectRecord } from '../components/sign-in/protect-record';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../components/ui/dialog';

/** The banner's "Protect your record": a passphrase or a passkey, then the recovery codes (loaded lazily, ADR 20). */
export default function ProtectDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  // Once a way in is set, the dialog stays until the recovery codes are saved: they are never shown again.
  const [mustFinish, setMustFinish] = useState(false);

  function finish() {
    onOpenChange(false);
    setMustFinish(false);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (next || !mustFinish) && onOpenChange(next)}>
      {open && (
        <DialogContent
          hideClose={mustFinish}
          className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
          onEscapeKeyDown={(event) => mustFinish && event.preventDefault()}
          onInteractOutside={(event) => mustFinish && event.preventDefault()}
        >
          <div className="space-y-1.5 pr-6">
            <DialogTitle>Protect your record</DialogTitle>
            <DialogDescription>A passphrase, then ten recovery codes in case you lose it.</DialogDescription>
          </div>
          <ProtectRecord onProtected={() => setMustFinish(true)} onDone={finish}>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
          </ProtectRecord>
        </DialogContent>
      )}
    </Dialog>
  );
}
