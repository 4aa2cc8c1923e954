import { Download, Eye, FileText, Image, Trash2 } from 'lucide-react';
import type { MedicalRecord } from '../../../shared/contracts/medical-records';
import { formatDate, formatFileSize } from '../../../shared/rules/formats';
import { Button } from '../ui/button';
import { Tooltip } from '../ui/tooltip';

interface DocumentListProps {
  /** The list's accessible name: the heading of the card it is in. */
  label: string;
  records: MedicalRecord[];
  onView(record: MedicalRecord): void;
  onDownload(record: MedicalRecord): void;
  onDelete(record: MedicalRecord): void;
}

export function DocumentList({ label, records, onView, onDownload, onDelete }: DocumentListProps) {
  return (
    <ul aria-label={label} className="divide-y">
      {records.map((record) => {
        const Icon = record.fileType === 'application/pdf' ? FileText : Image;
        return (
          <li key={record.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
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
          </li>
        );
      })}
    </ul>
  );
}
