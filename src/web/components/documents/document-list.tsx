import { Download, Eye, FileText, Image, Trash2 } from 'lucide-react';
import type { MedicalRecord } from '../../../shared/contracts/medical-records';
import { formatDate, formatFileSize } from '../../../shared/rules/formats';
import { Button } from '../ui/button';
import { Tooltip } from '../ui/tooltip';

/** What a document's buttons do. */
export interface DocumentActions {
  onView(record: MedicalRecord): void;
  onDownload(record: MedicalRecord): void;
  onDelete(record: MedicalRecord): void;
}

interface DocumentListProps extends DocumentActions {
  /** The list's accessible name: the heading of the card it is in. */
  label: string;
  records: MedicalRecord[];
}

/** One document's name, date, size and description, and its View, Download and Delete buttons: a list item's content. */
export function DocumentRow({ record, onView, onDownload, onDelete }: DocumentActions & { record: MedicalRecord }) {
  const Icon = record.fileType === 'application/pdf' ? FileText : Image;
  return (
    <div className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="min-w-0">
          <p className="break-all font-medium">{record.filename}</p>
          <p className="text-sm text-muted-foreground">
            Uploaded on {formatDate(record.uploadDate)} • {formatFileSize(record.fileSize)}
          </p>
          {record.description && <p className="mt-1 break-words text-sm">{record.description}</p>}
        </div>
      </div>
      <div className="flex gap-1 sm:shrink-0">
        <Tooltip label={`View ${record.filename}`}>
          <Button variant="ghost" size="icon" aria-label={`View ${record.filename}`} onClick={() => onView(record)}>
            <Eye aria-hidden="true" />
          </Button>
        </Tooltip>
        <Tooltip label={`Download ${record.filename}`}>
          <Button variant="ghost" size="icon" aria-label={`Download ${record.filename}`} onClick={() => onDownload(record)}>
            <Download aria-hidden="true" />
          </Button>
        </Tooltip>
        <Tooltip label={`Delete ${record.filename}`}>
          <Button variant="ghost" size="icon" aria-label={`Delete ${record.filename}`} onClick={() => onDelete(record)}>
            <Trash2 aria-hidden="true" className="text-destructive" />
          </Button>
        </Tooltip>
      </div>
    </div>
  );
}

/** A short list of documents, every one in the page (the insurance card's). The Records screen pages: paged-document-list.tsx. */
export function DocumentList({ label, records, ...actions }: DocumentListProps) {
  return (
    <ul aria-label={label} className="divide-y">
      {records.map((record) => (
        <li key={record.id}>
          <DocumentRow record={record} {...actions} />
        </li>
      ))}
    </ul>
  );
}
