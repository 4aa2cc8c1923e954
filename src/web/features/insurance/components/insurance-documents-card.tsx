import { FileText } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { MedicalRecord } from '../../../../shared/contracts/medical-records';
import { usePatientId } from '../../../lib/patient-id';
import type { DeleteDocumentWording } from '../../../components/documents/delete-document-dialog';
import { DeleteDocumentDialog, DocumentViewer } from '../../../components/documents/on-demand';
import { downloadDocument } from '../../../components/documents/document-files';
import { DocumentList } from '../../../components/documents/document-list';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { insuranceDocumentPagesQuery } from '../../../lib/api/medical-records';
import { usePagedList } from '../../../lib/use-paged-list';
import { useReturnFocus } from '../../../lib/use-return-focus';

const HEADING_ID = 'insurance-documents-heading';

const deleteWording: DeleteDocumentWording = {
  title: 'Delete document?',
  question: (record) => `This will permanently delete the document "${record.filename}". This action cannot be undone.`,
  deleted: { title: 'Document deleted', description: 'Insurance document has been deleted successfully' },
  failed: (message) => ({ title: 'Error', description: `Failed to delete document: ${message}`, variant: 'destructive' }),
};

/**
 * The Insurance screen's documents (filed under one of the patient's plans, or mentioning insurance: the server's
 * rule), newest first, ten at a time with 'Show more documents' (ADR 19).
 */
export function InsuranceDocumentsCard() {
  const patientId = usePatientId();
  const [viewing, setViewing] = useState<MedicalRecord | null>(null);
  const [deleting, setDeleting] = useState<MedicalRecord | null>(null);
  const focus = useReturnFocus(HEADING_ID);
  const documents = usePagedList(insuranceDocumentPagesQuery(patientId));

  return (
    <Card aria-busy={documents.busy}>
      <CardHeader>
        <CardTitle id={HEADING_ID} tabIndex={-1} className="outline-none">
          Insurance Documents
        </CardTitle>
      </CardHeader>
      <CardContent>
        {documents.isError ? (
          <p className="text-sm text-muted-foreground">Could not load your documents right now.</p>
        ) : documents.isPending ? (
          <div className="space-y-3">
            {Array.from({ length: 2 }, (_, i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : documents.items.length === 0 ? (
          <EmptyState
            icon={FileText}
            title="No insurance documents"
            description="Upload your insurance card, policy or statements to keep them here."
          />
        ) : (
          <DocumentList
            label="Insurance Documents"
            records={documents.items}
            onView={(record) => {
              focus.remember();
              toast({ title: 'Viewing Document', description: `Opening ${record.filename}` });
              setViewing(record);
            }}
            onDownload={downloadDocument}
            onDelete={(record) => {
              focus.remember();
              setDeleting(record);
            }}
          />
        )}
        {documents.hasMore && (
          <Button variant="outline" className="mt-4 w-full" disabled={documents.more === 'loading'} onClick={documents.askMore}>
            {documents.more === 'loading' ? 'Loading…' : 'Show more documents'}
          </Button>
        )}
        {documents.more === 'failed' && <p className="mt-2 text-sm text-muted-foreground">Could not load more documents right now.</p>}
      </CardContent>
      <DocumentViewer record={viewing} onClose={() => setViewing(null)} onCloseAutoFocus={focus.restore} />
      <DeleteDocumentDialog record={deleting} wording={deleteWording} onClose={() => setDeleting(null)} onCloseAutoFocus={focus.restore} />
    </Card>
  );
}
