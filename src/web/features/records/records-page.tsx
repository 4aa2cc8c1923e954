import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { FolderOpen, Plus, Search, SearchX, X } from 'lucide-react';
import { useCallback, useId, useMemo, useState } from 'react';
import type { MedicalRecord } from '../../../shared/contracts/medical-records';
import { CURRENT_USER_ID } from '../../../shared/rules/patient';
import { DeleteDocumentDialog, type DeleteDocumentWording } from '../../components/documents/delete-document-dialog';
import { downloadDocument } from '../../components/documents/document-files';
import { PagedDocumentList } from '../../components/documents/paged-document-list';
import { DocumentViewer } from '../../components/documents/document-viewer';
import { UploadCard } from '../../components/documents/upload-card';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Input } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import type { UploadToasts } from '../../lib/api/upload-medical-record';
import { medicalRecordPagesQuery } from '../../lib/api/medical-records';
import { useDebouncedValue } from '../../lib/use-debounced-value';
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

/** A search asks the server once typing pauses this long. */
const SEARCH_PAUSE_MS = 300;

export default function RecordsPage() {
  const [uploadOpen, setUploadOpen] = useState(false);
  const [viewing, setViewing] = useState<MedicalRecord | null>(null);
  const [deleting, setDeleting] = useState<MedicalRecord | null>(null);
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search, SEARCH_PAUSE_MS).trim();
  // The list shown stays until the next search's first page comes, instead of flashing empty.
  const pages = useInfiniteQuery({ ...medicalRecordPagesQuery(CURRENT_USER_ID, searched), placeholderData: keepPreviousData });
  const records = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = pages;
  // After a page failed to come, no more are asked for: the status below says so.
  const loadMore = useCallback(() => {
    if (!isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  useIgnoreStrayDrops();
  const focus = useReturnFocus('records-heading');
  const searchId = useId();

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

      <Card aria-busy={pages.isPending || (pages.isFetching && !isFetchingNextPage)}>
        <CardHeader className="gap-3 space-y-0 sm:flex-row sm:items-center sm:justify-between">
          <CardTitle id="records-heading" tabIndex={-1} className="outline-none">
            Your Records
          </CardTitle>
          <div className="flex flex-col gap-1 sm:w-72">
            <label htmlFor={searchId} className="text-sm font-medium">
              Search your records
            </label>
            <div className="relative">
              <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
              <Input
                id={searchId}
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                placeholder="Name or description"
                maxLength={200}
                className="pl-9"
              />
            </div>
          </div>
        </CardHeader>
        <CardContent>
          {pages.isPending ? (
            <div className="space-y-3">
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} className="h-14 w-full" />
              ))}
            </div>
          ) : pages.isError ? (
            <p className="text-sm text-muted-foreground">Could not load your records right now.</p>
          ) : records.length === 0 && searched !== '' ? (
            <EmptyState icon={SearchX} title="No matching records" description={`No record's name or description has words starting with "${searched}".`} />
          ) : records.length === 0 ? (
            <EmptyState
              icon={FolderOpen}
              title="No records found"
              description="Upload your medical records to keep them organized in one place."
            />
          ) : (
            <PagedDocumentList
              label="Your Records"
              records={records}
              hasMore={hasNextPage}
              loadMore={loadMore}
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
          <p role="status" className="pt-3 text-center text-sm text-muted-foreground empty:hidden">
            {isFetchingNextPage ? 'Loading more records…' : isFetchNextPageError ? 'Could not load more records right now.' : ''}
          </p>
        </CardContent>
      </Card>

      <DocumentViewer record={viewing} onClose={() => setViewing(null)} onCloseAutoFocus={focus.restore} />
      <DeleteDocumentDialog record={deleting} wording={deleteWording} onClose={() => setDeleting(null)} onCloseAutoFocus={focus.restore} />
    </div>
  );
}
