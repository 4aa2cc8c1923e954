import { useQuery } from '@tanstack/react-query';
import { FolderOpen, Plus, X } from 'lucide-react';
import { useRef, useState } from 'react';
import type { MedicalRecord } from '../../../shared/contracts/medical-records';
import { CURRENT_USER_ID } from '../../../shared/rules/patient';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { medicalRecordsQuery } from '../../lib/api/medical-records';
import { useIgnoreStrayDrops } from '../../lib/use-ignore-stray-drops';
import { recordDownloadUrl } from './api';
import { DeleteRecordDialog } from './components/delete-record-dialog';
import { DocumentViewer } from './components/document-viewer';
import { RecordList } from './components/record-list';
import { UploadPanel } from './components/upload-panel';

/** Saves the file under its original name: the server sends it as an attachment with that name. */
function download(record: MedicalRecord) {
  toast({ title: `Downloading ${record.filename}` });
  const link = document.createElement('a');
  link.href = recordDownloadUrl(record.id);
  link.download = record.filename;
  link.click();
}

export default function RecordsPage() {
  const [uploadOpen, setUploadOpen] = useState(false);
  const [viewing, setViewing] = useState<MedicalRecord | null>(null);
  const [deleting, setDeleting] = useState<MedicalRecord | null>(null);
  const records = useQuery(medicalRecordsQuery(CURRENT_USER_ID));
  useIgnoreStrayDrops();
  // The dialogs open from a row's button; when they close, focus goes back there (or to the list if the row is gone).
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const rememberFocus = () => {
    returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const restoreFocus = (event: Event) => {
    event.preventDefault();
    const target = returnFocusTo.current;
    if (target?.isConnected) target.focus();
    else document.getElementById('records-heading')?.focus();
  };

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

      {uploadOpen && <UploadPanel />}

      <Card aria-busy={records.isPending}>
        <CardHeader>
          <CardTitle id="records-heading" tabIndex={-1} className="outline-none">
            Your Records
          </CardTitle>
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
          ) : records.data.length === 0 ? (
            <div className="flex flex-col items-center gap-2 py-10 text-center">
              <FolderOpen className="size-10 text-muted-foreground" aria-hidden="true" />
              <p className="font-medium">No records found</p>
              <p className="text-sm text-muted-foreground">Upload your medical records to keep them organized in one place.</p>
            </div>
          ) : (
            <RecordList
              records={records.data}
              onView={(record) => {
                rememberFocus();
                toast({ title: `Opening ${record.filename}` });
                setViewing(record);
              }}
              onDownload={download}
              onDelete={(record) => {
                rememberFocus();
                setDeleting(record);
              }}
            />
          )}
        </CardContent>
      </Card>

      <DocumentViewer record={viewing} onClose={() => setViewing(null)} onCloseAutoFocus={restoreFocus} />
      <DeleteRecordDialog record={deleting} onClose={() => setDeleting(null)} onCloseAutoFocus={restoreFocus} />
    </div>
  );
}
