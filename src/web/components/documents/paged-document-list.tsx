import type { MedicalRecord } from '../../../shared/contracts/medical-records';
import { WindowList } from '../ui/window-list';
import { DocumentRow, type DocumentActions } from './document-list';

interface PagedDocumentListProps extends DocumentActions {
  /** The list's accessible name: the heading of the card it is in. */
  label: string;
  /** The documents of the pages loaded so far, in order. */
  records: MedicalRecord[];
  hasMore: boolean;
  loadMore(): void;
}

/** A row's height before it is measured: one line of name, one of date and size, and the row's padding. */
const ESTIMATED_ROW_PX = 88;

/** The Records screen's list at any length: the rows near the window only (WindowList). */
export function PagedDocumentList({ label, records, hasMore, loadMore, ...actions }: PagedDocumentListProps) {
  return (
    <WindowList
      label={label}
      items={records}
      hasMore={hasMore}
      loadMore={loadMore}
      keyOf={(record) => record.id}
      estimatedRowPx={ESTIMATED_ROW_PX}
      renderItem={(record) => <DocumentRow record={record} {...actions} />}
    />
  );
}
