import { useQuery } from '@tanstack/react-query';
import { ArchiveArrowDown } from 'lucide-react';
import { buttonClass } from '../components/ui/button-variants';
import { setupQuery } from '../lib/api/setup';

/**
 * Settings' 'Download all my data' (ADR 18): the whole record as one ZIP, which onboarding's 'Restore from a backup'
 * takes back here or on another machine. A plain link: the browser streams the download to disk itself, under the
 * name the server gives it, however large the record.
 */
export function DownloadData() {
  const setup = useQuery(setupQuery());
  if (setup.data === undefined || setup.data.patient === 'none') return null;
  return (
    <div className="space-y-2 border-t pt-4">
      <p className="text-sm font-medium">Your data</p>
      <p id="download-data-hint" className="text-sm text-muted-foreground">
        Every record, document, plan, care item, appointment and chat, as one .zip file you can keep or restore.
      </p>
      <a href="/api/export" download aria-describedby="download-data-hint" className={buttonClass({ variant: 'outline' })}>
        <ArchiveArrowDown aria-hidden="true" /> Download all my data
      </a>
    </div>
  );
}
