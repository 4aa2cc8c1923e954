import { useId, useState, type ReactNode } from 'react';
import { CSV_MAX_BYTES, DATE_ORDERS, type CsvMapping, type CsvPreview, type DateOrder } from '../../../../shared/contracts/observation-csv';
import { BLOOD_PRESSURE, MEASURES, measureOf } from '../../../../shared/rules/measures';
import { clockDateTimeWords, usePatientZone } from '../../../components/medications/patient-clock';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { SubmitButton } from '../../../components/ui/submit-button';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/api-client';
import { useCsvImport } from '../../../lib/api/observations';
import { usePatientId } from '../../../lib/patient-id';

// A CSV file's readings imported in two steps (issue 35): the server reads the file and suggests which columns hold
// what; the patient corrects the mapping, sees what it gives (the readings, the lines refused and why, those already
// in the record) and only then imports. The same file twice adds nothing.

const ORDER_WORDS: Readonly<Record<DateOrder, string>> = {
  'year-first': 'Year first (2026-03-31)',
  'month-first': 'Month first (03/31/2026)',
  'day-first': 'Day first (31/03/2026)',
};
const NONE = '(none)';

interface CsvImportDialogProps {
  onClose(): void;
  onCloseAutoFocus(event: Event): void;
  /** After an import: the first measure imported, to show its trend. */
  onImported(code: string | null): void;
}

export default function CsvImportDialog({ onClose, onCloseAutoFocus, onImported }: CsvImportDialogProps) {
  const patientId = usePatientId();
  const read = useCsvImport(patientId);
  const fileId = useId();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [mapping, setMapping] = useState<CsvMapping | null>(null);

  function ask(text: string, withMapping: CsvMapping | null, confirm: boolean) {
    if (read.isPending) return;
    read.mutate(
      { userId: patientId, csv: text, ...(withMapping ? { mapping: withMapping } : {}), ...(confirm ? { confirm: true } : {}) },
      {
        onSuccess: (answer) => {
          if (confirm) {
            toast({
              title: 'Readings imported',
              description: `${answer.added} ${answer.added === 1 ? 'reading' : 'readings'} added${answer.duplicates ? `; ${answer.duplicates} already in your record` : ''}.`,
            });
            onImported(answer.sample[0]?.code ?? null);
            onClose();
            return;
          }
          setPreview(answer);
          setMapping(answer.mapping);
        },
        onError: (error) => toast({ title: 'Error', description: `Could not read the file: ${serverMessage(error)}`, variant: 'destructive' }),
      },
    );
  }

  async function choose(file: File | undefined) {
    setPreview(null);
    setMapping(null);
    setFileError(null);
    if (!file) return;
    if (file.size > CSV_MAX_BYTES) {
      setFileError(`The file is larger than ${CSV_MAX_BYTES / 1024 / 1024} MB: import it in parts.`);
      return;
    }
    const text = await file.text();
    setCsv(text);
    ask(text, null, false);
  }

  const importable = preview ? preview.readings - preview.duplicates : 0;

  return (
    <Dialog open onOpenChange={(open) => !open && !read.isPending && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle>Import readings from a CSV file</DialogTitle>
        <DialogDescription>
          From a glucose meter, a blood-pressure cuff, a scale or a lab. Nothing is imported until you confirm.
        </DialogDescription>
        <div className="space-y-2">
          <Label htmlFor={fileId}>CSV file</Label>
          <input
            id={fileId}
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            aria-describedby={fileError ? `${fileId}-error` : undefined}
            onChange={(event) => void choose(event.target.files?.[0])}
            className="block w-full rounded-md border border-input bg-background text-sm file:mr-3 file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-secondary-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          />
          {fileError && (
            <p id={`${fileId}-error`} className="text-sm text-destructive">
              {fileError}
            </p>
          )}
        </div>

        {read.isPending && !preview && <p role="status">Reading the file…</p>}

        {preview && csv !== null && (
          <form
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (mapping && importable > 0) ask(csv, mapping, true);
            }}
          >
            {mapping ? (
              <MappingFields headers={preview.headers} mapping={mapping} onChange={setMapping} />
            ) : (
              <p className="text-sm">The columns of this file could not be recognized. It needs a date column and a column of values.</p>
            )}
            {mapping && (
              <Button type="button" variant="outline" onClick={() => ask(csv, mapping, false)}>
                Update Preview
              </Button>
            )}
            <PreviewSummary preview={preview} />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              {importable > 0 && (
                <SubmitButton pending={read.isPending}>
                  {read.isPending ? 'Importing...' : `Import ${importable} ${importable === 1 ? 'Reading' : 'Readings'}`}
                </SubmitButton>
              )}
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ChoiceField({ label, value, options, onChange }: { label: string; value: string; options: Array<{ value: string; label: string }>; onChange(value: string): void }) {
  const id = useId();
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent className="max-h-72">
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

const MEASURE_OPTIONS = MEASURES.filter((measure) => measure.valueType !== 'text').map((measure) => ({ value: measure.loinc, label: measure.name }));

/** Which column holds what: the suggestion, to correct. */
function MappingFields({ headers, mapping, onChange }: { headers: string[]; mapping: CsvMapping; onChange(mapping: CsvMapping): void }) {
  const columns = headers.filter(Boolean).map((header) => ({ value: header, label: header }));
  const optional = [{ value: NONE, label: 'None' }, ...columns];
  const orNone = (value: string) => (value === NONE ? undefined : value);
  const common: ReactNode = (
    <>
      <ChoiceField label="Date column" value={mapping.date} options={columns} onChange={(date) => onChange({ ...mapping, date })} />
      <ChoiceField label="Time column" value={mapping.time ?? NONE} options={optional} onChange={(time) => onChange({ ...mapping, time: orNone(time) })} />
      <ChoiceField
        label="Dates are written"
        value={mapping.dateOrder}
        options={DATE_ORDERS.map((order) => ({ value: order, label: ORDER_WORDS[order] }))}
        onChange={(dateOrder) => onChange({ ...mapping, dateOrder: dateOrder as DateOrder })}
      />
    </>
  );
  if (mapping.layout === 'rows') {
    return (
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium">Columns (one result a line)</legend>
        {common}
        <ChoiceField label="Test column" value={mapping.measure} options={columns} onChange={(measure) => onChange({ ...mapping, measure })} />
        <ChoiceField label="Result column" value={mapping.value} options={columns} onChange={(value) => onChange({ ...mapping, value })} />
        <ChoiceField label="Unit column" value={mapping.unit ?? NONE} options={optional} onChange={(unit) => onChange({ ...mapping, unit: orNone(unit) })} />
        <ChoiceField label="Range column" value={mapping.range ?? NONE} options={optional} onChange={(range) => onChange({ ...mapping, range: orNone(range) })} />
      </fieldset>
    );
  }
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-medium">Columns (one time a line)</legend>
      {common}
      {mapping.measures.map((measure, index) => (
        <ChoiceField
          key={measure.column}
          label={`Column “${measure.column}” holds`}
          value={measure.code}
          options={MEASURE_OPTIONS}
          onChange={(code) =>
            onChange({
              ...mapping,
              measures: mapping.measures.map((other, at) =>
                at === index ? { ...other, code, secondColumn: code === BLOOD_PRESSURE ? other.secondColumn : undefined } : other,
              ),
            })
          }
        />
      ))}
    </fieldset>
  );
}

/** What the file gives with the mapping: counts, the refused lines with their reasons, and its first readings. */
function PreviewSummary({ preview }: { preview: CsvPreview }) {
  const zone = usePatientZone();
  const importable = preview.readings - preview.duplicates;
  return (
    <section aria-label="Preview" className="space-y-3" aria-live="polite">
      <ul className="space-y-1 text-sm">
        <li>
          <strong>{importable}</strong> {importable === 1 ? 'reading' : 'readings'} to import
        </li>
        {preview.duplicates > 0 && <li>{preview.duplicates} already in your record (not imported again)</li>}
        {preview.refusedCount > 0 && <li className="text-destructive">{preview.refusedCount} {preview.refusedCount === 1 ? 'line' : 'lines'} refused</li>}
        {preview.skippedCount > 0 && (
          <li>
            {preview.skippedCount} {preview.skippedCount === 1 ? 'line' : 'lines'} without a reading (skipped)
          </li>
        )}
      </ul>
      {preview.refusals.length > 0 && (
        <div role="region" aria-label="Refused lines" tabIndex={0} className="max-h-40 overflow-y-auto rounded-md border p-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          <ul className="space-y-1">
            {preview.refusals.map((refusal) => (
              <li key={refusal.line}>{refusal.message}</li>
            ))}
          </ul>
        </div>
      )}
      {preview.sample.length > 0 && (
        <div role="region" aria-label="First readings" tabIndex={0} className="max-h-56 overflow-auto rounded-md border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          <table className="w-full text-sm">
            <caption className="sr-only">The file’s first readings</caption>
            <thead className="sticky top-0 bg-background">
              <tr className="border-b text-left">
                <th scope="col" className="px-3 py-2 font-medium">
                  Line
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Taken
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Measure
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Value
                </th>
              </tr>
            </thead>
            <tbody>
              {preview.sample.map((reading) => (
                <tr key={`${reading.line}-${reading.code}`} className="border-b last:border-0">
                  <td className="px-3 py-1.5 tabular-nums">{reading.line}</td>
                  <td className="px-3 py-1.5">{clockDateTimeWords(reading.takenAt, zone)}</td>
                  <td className="px-3 py-1.5">{measureOf(reading.code)?.name ?? reading.name}</td>
                  <td className="px-3 py-1.5 tabular-nums">
                    {reading.value}
                    {reading.unit ? ` ${reading.unit}` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
