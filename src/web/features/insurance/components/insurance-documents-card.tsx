import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { InsurancePlan } from '../../../../shared/contracts/insurance';
import type { MedicalRecord } from '../../../../shared/contracts/medical-records';
import { isInsuranceDocument } from '../../../../shared/rules/insurance';
import { CURRENT_USER_ID } from '../../../../shared/rules/patient';
import { DeleteDocumentDialog, type DeleteDocumentWording } from '../../../components/documents/delete-document-dialog';
import { downloadDocument } from '../../../components/documents/document-files';
import { DocumentList } from '../../../components/documents/document-list';
import { DocumentViewer } from '../../../components/documents/document-viewer';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { medicalRecordsQuery } from '../../../lib/api/medical-records';
import { useReturnFocus } from '../../../lib/use-return-focus';

const HEADING_ID = 'insurance-documents-heading';

const deleteWording: DeleteDocumentWording = {
  title: 'Delete document?',
  question: (record) => `This will permanently delete the document "${record.filename}". This action cannot be undone.`,
  deleted: { title: 'Document deleted', description: 'Insurance document has been deleted successfully' },
  failed: (message) => ({ title: 'Error', description: `Failed to delete document: ${message}`, variant: 'destructive' }),
};

interface InsuranceDocumentsCardProps {
  /** The patient's plans, undefined while they load: a document uploaded for one of them belongs here. */
  plans: InsurancePlan[] | undefined;
}

export function InsuranceDocumentsCard({ plans }: InsuranceDocumentsCardProps) {
  const [viewing, setViewing] = useState<MedicalRecord | null>(null);
  const [deleting, setDeleting] = useState<MedicalRecord | null>(null);
  const focus = useReturnFocus(HEADING_ID);
  const records = useQuery(medicalRecordsQuery(CURRENT_USER_ID));
  const documents = useMemo(() => {
    if (!records.data || !plans) return undefined;
    const planIds = new Set(plans.map((plan) => plan.id));
    return records.data.filter((record) => isInsuranceDocument(record, planIds));
  }, [records.data, plans]);

  return (
    <Card aria-busy={documents === undefined && !records.isError}>
      <CardHeader>
        <CardTitle id={HEADING_ID} tabIndex={-1} className="outline-none">
          Insurance Documents
        </CardTitle>
      </CardHeader>
      <CardContent>
        {records.isError ? (
          <p className="text-sm text-muted-foreground">Could not load your documents right now.</p>
        ) : documents === undefined ? (
          <div className="space-y-3">
            {Array.from({ length: 2 }, (_, i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : documents.length === 0 ? (
          <EmptyState
            icon={FileText}
            title="No insurance documents"
            description="Upload your insurance card, policy or statements to keep them here."
          />
        ) : (
          <DocumentList
            label="Insurance Documents"
            records={documents}
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
      </CardContent>
      <DocumentViewer record={viewing} onClose={() => setViewing(null)} onCloseAutoFocus={focus.restore} />
      <DeleteDocumentDialog record={deleting} wording={deleteWording} onClose={() => setDeleting(null)} onCloseAutoFocus={focus.restore} />
    </Card>
  );
}
