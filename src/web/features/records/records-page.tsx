import { FolderOpen, Plus, SearchX, X } from 'lucide-react';
import { useState } from 'react';
import type { MedicalRecord } from '../../../shared/contracts/medical-records';
import { usePatientId } from '../../lib/patient-id';
import type { DeleteDocumentWording } from '../../components/documents/delete-document-dialog';
import { DeleteDocumentDialog, DocumentViewer, UploadCard } from '../../components/documents/on-demand';
import { downloadDocument } from '../../components/documents/document-files';
import { PagedDocumentList } from '../../components/documents/paged-document-list';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { SearchField } from '../../components/ui/search-field';
import { MoreStatus } from '../../components/ui/window-list';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import type { UploadToasts } from '../../lib/api/upload-medical-record';
import { medicalRecordPagesQuery } from '../../lib/api/medical-records';
import { usePagedList } from '../../lib/use-paged-list';
import { useSearch } from '../../lib/use-search';
import { useIgnoreStrayDrops } from '../../lib/use-ignore-stray-drops';
import { useReturnFocus } from '../../lib/use-return-focus';

const uploadToasts: UploadToasts = {
  uploaded: (record) => ({ title: 'Record uploaded', description: `${record.filename} has been added to your records.` }),
  failed: (message) => ({ title: 'Error', description: `Failed to upload record: ${message}`, variant: 'destructive' }),
};

const deleteWording: DeleteDocumentWording = {
  title: 'Delete Record',
  question: (record) => `Are you sure you want to delete "${record.filename}"? This action cannot be undone.`,
  deleted: { title: 'Record deleted', description: 'Medical record has been deleted successfully' },
  failed: (message) => ({ title: 'Error', description: `Failed to delete record: ${message}`, variant: 'destructive' }),
};

export default function RecordsPage() {
  const patientId = usePatientId();
  const [uploadOpen, setUploadOpen] = useState(false);
  const [viewing, setViewing] = useState<MedicalRecord | null>(null);
  const [deleting, setDeleting] = useState<MedicalRecord | null>(null);
  const { search, setSearch, searched } = useSearch();
  const records = usePagedList(medicalRecordPagesQuery(patientId, searched));
  useIgnoreStrayDrops();
  const focus = useReturnFocus('records-heading');

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Medical Records</h1>
          <p className="mt-1 text-muted-foreground">Securely store and manage your medical documents</p>
        </div>
        <Button onClick={() => setUploadOpen((open) => !open)} aria-expanded={uploadOpen} variant={uploadOpen ? 'outline' : 'default'}>
          {uploadOpen ? <X aria-hidden="true" /> : <Plus aria-hidden="true" />}
          {uploadOpen ? 'Cancel Upload' : 'Upload New Record'}
        </Button>
      </div>

      {uploadOpen && (
        <UploadCard
          title="Upload a Record"
          submitLabel="Upload Record"
          toasts={uploadToasts}
          descriptionPlaceholder="e.g. Blood test results from Dr. Lopez"
        />
      )}

      <Card aria-busy={records.busy}>
        <CardHeader className="gap-3 space-y-0 sm:flex-row sm:items-center sm:justify-between">
          <CardTitle id="records-heading" tabIndex={-1} className="outline-none">
            Your Records
          </CardTitle>
          <SearchField label="Search your records" value={search} onChange={setSearch} placeholder="Name or description" />
        </CardHeader>
        <CardContent>
          {records.isPending ? (
            <div className="space-y-3">
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} className="h-14 w-full" />
              ))}
            </div>
          ) : records.isError ? (
            <p className="text-sm text-muted-foreground">Could not load your records right now.</p>
          ) : records.items.length === 0 && searched !== '' ? (
            <EmptyState icon={SearchX} title="No matching records" description={`No record's name or description has words starting with "${searched}".`} />
          ) : records.items.length === 0 ? (
            <EmptyState
              icon={FolderOpen}
              title="No records found"
              description="Upload your medical records to keep them organized in one place."
            />
          ) : (
            <PagedDocumentList
              label="Your Records"
              records={records.items}
              hasMore={records.hasMore}
              loadMore={records.loadMore}
              onView={(record) => {
                focus.remember();
                toast({ title: `Opening ${record.filename}` });
                setViewing(record);
              }}
              onDownload={downloadDocument}
              onDelete={(record) => {
                focus.remember();
                setDeleting(record);
              }}
            />
          )}
          <MoreStatus more={records.more} noun="records" />
        </CardContent>
      </Card>

      <DocumentViewer record={viewing} onClose={() => setViewing(null)} onCloseAutoFocus={focus.restore} />
      <DeleteDocumentDialog record={deleting} wording={deleteWording} onClose={() => setDeleting(null)} onCloseAutoFocus={focus.restore} />
    </div>
  );
}
