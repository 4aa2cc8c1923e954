import { lazy, Suspense, type ComponentProps } from 'react';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { Skeleton } from '../ui/skeleton';
import type { DeleteDocumentDialog as DeleteDocumentDialogCode } from './delete-document-dialog';
import type { DocumentViewer as DocumentViewerCode } from './document-viewer';
import type { UploadCard as UploadCardCode } from './upload-card';

// The documents' form, viewer and delete dialog load when the patient first asks for them, not with the screen: the
// upload form brings react-hook-form and zod, and a list the patient only reads should not wait for them (ADR 20).
const UploadCardLazy = lazy(() => import('./upload-card').then(({ UploadCard }) => ({ default: UploadCard })));
const DocumentViewerLazy = lazy(() => import('./document-viewer').then(({ DocumentViewer }) => ({ default: DocumentViewer })));
const DeleteDocumentDialogLazy = lazy(() =>
  import('./delete-document-dialog').then(({ DeleteDocumentDialog }) => ({ default: DeleteDocumentDialog })),
);

/** The upload form, shown once its code is there (a placeholder of its height meanwhile). */
export function UploadCard(props: ComponentProps<typeof UploadCardCode>) {
  return (
    <Suspense fallback={<Skeleton className="h-64 w-full" />}>
      <UploadCardLazy {...props} />
    </Suspense>
  );
}

/** The document viewer, loaded when a document is first opened and kept mounted after, to animate its closing. */
export function DocumentViewer(props: ComponentProps<typeof DocumentViewerCode>) {
  const opened = useOpenedOnce(props.record !== null);
  return opened ? (
    <Suspense fallback={null}>
      <DocumentViewerLazy {...props} />
    </Suspense>
  ) : null;
}

/** The delete confirmation, loaded when a deletion is first asked for and kept mounted after. */
export function DeleteDocumentDialog(props: ComponentProps<typeof DeleteDocumentDialogCode>) {
  const opened = useOpenedOnce(props.record !== null);
  return opened ? (
    <Suspense fallback={null}>
      <DeleteDocumentDialogLazy {...props} />
    </Suspense>
  ) : null;
}
