import type { MedicalRecord } from '../../../shared/contracts/medical-records';
import { Dialog, DialogContent, DialogTitle } from '../ui/dialog';
import { documentFileUrl } from './document-files';

/** The document inside the app: images as images, PDFs in the browser's viewer. Escape or Close ends it. */
interface DocumentViewerProps {
  record: MedicalRecord | null;
  onClose(): void;
  onCloseAutoFocus(event: Event): void;
}

export function DocumentViewer({ record, onClose, onCloseAutoFocus }: DocumentViewerProps) {
  return (
    <Dialog open={record !== null} onOpenChange={(open) => !open && onClose()}>
      {record && (
        <DialogContent
          aria-describedby={undefined}
          className="max-w-4xl"
          onCloseAutoFocus={onCloseAutoFocus}
          // Focus the Close button, not the PDF: keys typed inside the PDF viewer never reach the page, so Escape would not close.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('[data-dialog-close]')?.focus();
          }}
        >
          <DialogTitle className="break-all pr-8">{record.filename}</DialogTitle>
          {record.fileType === 'application/pdf' ? (
            <iframe title={record.filename} src={documentFileUrl(record.id)} className="h-[75vh] w-full rounded-md border bg-white" />
          ) : (
            <img src={documentFileUrl(record.id)} alt={record.filename} className="max-h-[75vh] w-full rounded-md object-contain" />
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
