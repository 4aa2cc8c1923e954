import { useQuery } from '@tanstack/react-query';
import { ArchiveArrowDown, FileDown, FileUp } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../components/ui/button';
import { buttonClass } from '../components/ui/button-variants';
import { setupQuery } from '../lib/api/setup';
import { FhirImportDialog } from './fhir-import-dialog';

/**
 * Settings' data section. 'Download all my data' (ADR 18): the whole record as one ZIP, which onboarding's 'Restore
 * from a backup' takes back here or on another machine. 'Download as FHIR' (issue 34): the record as a FHIR R4 Bundle
 * that other health apps read. Both plain links: the browser streams the download to disk itself, under the name the
 * server gives it, however large the record. 'Import from a FHIR file' adds another record's export to this one.
 */
export function DownloadData() {
  const setup = useQuery(setupQuery());
  const [importing, setImporting] = useState(false);
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
      <p id="fhir-data-hint" className="text-sm text-muted-foreground">
        FHIR is the format patient portals and other health apps use.
      </p>
      <div className="flex flex-wrap gap-2">
        <a href="/api/export/fhir" download aria-describedby="fhir-data-hint" className={buttonClass({ variant: 'outline' })}>
          <FileDown aria-hidden="true" /> Download as FHIR
        </a>
        <Button type="button" variant="outline" aria-describedby="fhir-data-hint" onClick={() => setImporting(true)}>
          <FileUp aria-hidden="true" /> Import from a FHIR file
        </Button>
      </div>
      <FhirImportDialog open={importing} onOpenChange={setImporting} />
    </div>
  );
}
