import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { MedicalRecord } from '../../../shared/contracts/medical-records';
import { cn } from '../../lib/cn';
import { DocumentRow, type DocumentActions } from './document-list';

interface PagedDocumentListProps extends DocumentActions {
  /** The list's accessible name: the heading of the card it is in. */
  label: string;
  /** The documents of the pages loaded so far, in order. */
  records: MedicalRecord[];
  /** Whether the server has more after these. */
  hasMore: boolean;
  /** Asks for the next page; called again only once the list has grown. */
  loadMore(): void;
}

/** A row's height before it is measured: one line of name, one of date and size, and the row's padding. */
const ESTIMATED_ROW_PX = 88;
/** Rows kept in the page above and below the window: enough for a fast flick, few enough to stay light. */
const OVERSCAN_ROWS = 6;
/** The next page is asked for when the window comes within this many rows of the end. */
const LOAD_AHEAD_ROWS = 15;

/**
 * The Records screen's list at any length (ADR 19): only the rows in and near the window are in the page, the rest
 * stand as the list's height, so a record of 10,000 documents is as light as one of 20. The page scrolls as it always
 * did (the window, not a box inside it), rows are measured as they appear (a description makes one taller), and the
 * next page is fetched before the patient reaches the end. Each row says where it stands in the list (aria-posinset),
 * and the list's length once it is known.
 */
export function PagedDocumentList({ label, records, hasMore, loadMore, ...actions }: PagedDocumentListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  // Where the list starts in the page: rows are placed from there. It moves when the upload card opens above it.
  const [listTop, setListTop] = useState(0);
  useLayoutEffect(() => {
    const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    if (Math.abs(top - listTop) >= 1) setListTop(top);
  });

  const virtualizer = useWindowVirtualizer({
    count: records.length,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: OVERSCAN_ROWS,
    scrollMargin: listTop,
    getItemKey: (index) => records[index]!.id,
  });
  const rows = virtualizer.getVirtualItems();
  const lastShown = rows.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && lastShown >= records.length - LOAD_AHEAD_ROWS) loadMore();
  }, [hasMore, lastShown, records.length, loadMore]);

  return (
    <ul ref={listRef} aria-label={label} className="relative" style={{ height: virtualizer.getTotalSize() }}>
      {rows.map((row) => {
        const record = records[row.index]!;
        return (
          <li
            key={row.key}
            ref={virtualizer.measureElement}
            data-index={row.index}
            aria-posinset={row.index + 1}
            aria-setsize={hasMore ? -1 : records.length}
            className={cn('absolute left-0 top-0 w-full', (hasMore || row.index < records.length - 1) && 'border-b')}
            style={{ transform: `translateY(${row.start - listTop}px)` }}
          >
            <DocumentRow record={record} {...actions} />
          </li>
        );
      })}
    </ul>
  );
}
