import { ArchiveArrowUp } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/api-client';
import { useRestoreBackup } from '../../../lib/api/onboarding';

/**
 * The first run's other way in (ADR 18): instead of answering the wizard, restore the archive that Settings'
 * 'Download all my data' made on this or another machine. The server checks it whole and writes it in one
 * transaction; a refusal says why and leaves the wizard as it was.
 */
export function RestoreBackup({ onRestored }: { onRestored(): void }) {
  const restore = useRestoreBackup();
  const input = useRef<HTMLInputElement>(null);

  function chosen(file: File | undefined) {
    if (!file || restore.isPending) return;
    restore.mutate(file, {
      onSuccess: ({ restored }) => {
        toast({
          title: 'Backup restored',
          description: `${restored.medicalRecords} ${restored.medicalRecords === 1 ? 'document' : 'documents'}, ${restored.appointments} appointments, ${restored.medications} ${restored.medications === 1 ? 'medication' : 'medications'} and ${restored.preventativeCare} care items are back.`,
        });
        onRestored();
      },
      onError: (error) => toast({ title: 'Could not restore the backup', description: serverMessage(error), variant: 'destructive' }),
    });
  }

  return (
    <Card>
      <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="space-y-1">
          <p className="text-sm font-medium">Moving from another HealthAssist?</p>
          <p id="restore-backup-hint" className="text-sm text-muted-foreground">
            Restore the .zip that “Download all my data” made, instead of starting fresh.
          </p>
        </div>
        <input
          ref={input}
          type="file"
          accept=".zip,application/zip"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            chosen(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button
          type="button"
          variant="outline"
          className="shrink-0"
          aria-describedby="restore-backup-hint"
          aria-disabled={restore.isPending || undefined}
          onClick={() => input.current?.click()}
        >
          <ArchiveArrowUp aria-hidden="true" /> {restore.isPending ? 'Restoring...' : 'Restore from a backup'}
        </Button>
      </CardContent>
    </Card>
  );
}
