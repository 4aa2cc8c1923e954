import { FileUp } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '../components/ui/button';
import { Checkbox } from '../components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../components/ui/dialog';
import { Label } from '../components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../components/ui/table';
import { toast } from '../components/ui/use-toast';
import { serverMessage, statusOf } from '../lib/api-client';
import { useImportFhir, usePreviewFhirImport, type FhirImportAnswer } from '../lib/api/fhir-import';

interface FhirImportDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

type Row = FhirImportAnswer['results'][number];

const skippedCount = (row: Row) => row.skipped.reduce((sum, each) => sum + each.count, 0);

/**
 * Settings → Data's "Import from a FHIR file" (issue 34): the patient picks a file a patient portal, a hospital or
 * another app exported; the server counts what it would add, what is in the record already and what it skips and why
 * (the import itself, rolled back), and nothing is written until the patient presses Import. A file about someone
 * of another name or date of birth is refused until the patient says it is theirs.
 */
export function FhirImportDialog({ open, onOpenChange }: FhirImportDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [asPatient, setAsPatient] = useState(false);
  const preview = usePreviewFhirImport();
  const importFhir = useImportFhir();
  const input = useRef<HTMLInputElement>(null);
  const confirmId = useId();

  function check(chosen: File, confirmed: boolean) {
    setFile(chosen);
    setAsPatient(confirmed);
    preview.mutate({ file: chosen, asPatient: confirmed });
  }

  function reset(next: boolean) {
    if (!next) {
      setFile(null);
      setAsPatient(false);
      preview.reset();
    }
    onOpenChange(next);
  }

  function confirmImport() {
    if (!file || importFhir.isPending) return;
    importFhir.mutate(
      { file, asPatient },
      {
        onSuccess: (answer) => {
          const added = answer.results.reduce((sum, row) => sum + row.imported, 0);
          toast({ title: 'Import complete', description: `${added} ${added === 1 ? 'item' : 'items'} added to your record from ${file.name}.` });
          reset(false);
        },
        onError: (error) => toast({ title: 'Could not import the file', description: serverMessage(error), variant: 'destructive' }),
      },
    );
  }

  const refusedAsSomeoneElse = preview.isError && statusOf(preview.error) === 409;
  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto">
        <div className="space-y-1.5 pr-6">
          <DialogTitle>Import from a FHIR file</DialogTitle>
          <DialogDescription>
            A FHIR R4 Bundle (.json) from a patient portal, a hospital or another app. You see what it adds before anything is saved.
          </DialogDescription>
        </div>
        <input
          ref={input}
          type="file"
          accept=".json,application/json,application/fhir+json"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (chosen) check(chosen, false);
            event.target.value = '';
          }}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="button" variant="outline" onClick={() => input.current?.click()} aria-disabled={preview.isPending || undefined}>
            <FileUp aria-hidden="true" /> {file ? 'Choose another file' : 'Choose a FHIR file'}
          </Button>
          {file && <span className="min-w-0 break-all text-sm text-muted-foreground">{file.name}</span>}
        </div>
        {preview.isPending && <p role="status">Checking the file…</p>}
        {preview.isError && (
          <div className="space-y-3">
            <p role="alert" className="text-sm text-destructive">
              {serverMessage(preview.error)}
            </p>
            {refusedAsSomeoneElse && file && (
              <div className="flex items-start gap-2">
                <Checkbox id={confirmId} checked={false} onCheckedChange={(checked) => checked === true && check(file, true)} />
                <Label htmlFor={confirmId} className="font-normal leading-snug">
                  This file is mine: import it without changing the name or birth date on my record
                </Label>
              </div>
            )}
          </div>
        )}
        {preview.isSuccess && file && (
          <div className="space-y-3">
            <p className="text-sm font-medium" id="fhir-preview-heading">
              What this file would add
            </p>
            <PreviewTable rows={preview.data.results} />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={() => reset(false)}>
                Cancel
              </Button>
              <Button type="button" onClick={confirmImport} aria-disabled={importFhir.isPending || undefined}>
                {importFhir.isPending ? 'Importing…' : 'Import'}
              </Button>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function PreviewTable({ rows }: { rows: readonly Row[] }) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">The file holds nothing to import.</p>;
  return (
    <div className="overflow-x-auto">
      <Table aria-labelledby="fhir-preview-heading">
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Type</TableHead>
            <TableHead scope="col" className="text-right">
              Added
            </TableHead>
            <TableHead scope="col" className="text-right">
              Already in your record
            </TableHead>
            <TableHead scope="col">Skipped</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.resourceType}>
              <TableCell className="font-medium">{row.resourceType}</TableCell>
              <TableCell className="text-right tabular-nums">{row.imported}</TableCell>
              <TableCell className="text-right tabular-nums">{row.alreadyThere}</TableCell>
              <TableCell>
                {skippedCount(row) === 0 ? (
                  '—'
                ) : (
                  <ul className="space-y-1">
                    {row.skipped.map((each) => (
                      <li key={each.reason}>
                        {each.count} {each.reason}
                      </li>
                    ))}
                  </ul>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
