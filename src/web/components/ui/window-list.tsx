import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

interface WindowListProps<Item> {
  /** The list's accessible name: the heading of the card it is in. */
  label: string;
  /** The items of the pages loaded so far, in order. */
  items: readonly Item[];
  /** Whether the server has more after these. */
  hasMore: boolean;
  /** Asks for the next page; called again only once the list has grown. */
  loadMore(): void;
  keyOf(item: Item): number | string;
  /** A row's height before it is measured, in pixels. */
  estimatedRowPx: number;
  renderItem(item: Item): ReactNode;
  /** Classes of each list item (a separating border is added between rows). */
  itemClassName?: string;
}

/** Rows kept in the page above and below the window: enough for a fast flick, few enough to stay light. */
const OVERSCAN_ROWS = 6;
/** The next page is asked for when the window comes within this many rows of the end. */
const LOAD_AHEAD_ROWS = 15;

/**
 * A list of any length that pages in as the patient scrolls (ADR 19): only the rows in and near the window are in the
 * page, the rest stand as the list's height, so 10,000 rows are as light as 20. The page scrolls as it always did (the
 * window, not a box inside it), rows are measured as they appear, and the next page is fetched before the patient
 * reaches the end. Each row says where it stands in the list (aria-posinset), and the list's length once it is known.
 */
export function WindowList<Item>({ label, items, hasMore, loadMore, keyOf, estimatedRowPx, renderItem, itemClassName }: WindowListProps<Item>) {
  const listRef = useRef<HTMLUListElement>(null);
  // Where the list starts in the page: rows are placed from there. It moves when something above it opens or closes,
  // and the page's height changes with it: measured then, not at every render (a scroll renders the rows again).
  const [listTop, setListTop] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
      setListTop((shown) => (Math.abs(top - shown) >= 1 ? top : shown));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => estimatedRowPx,
    overscan: OVERSCAN_ROWS,
    scrollMargin: listTop,
    getItemKey: (index) => keyOf(items[index]!),
  });
  const rows = virtualizer.getVirtualItems();
  const lastShown = rows.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && lastShown >= items.length - LOAD_AHEAD_ROWS) loadMore();
  }, [hasMore, lastShown, items.length, loadMore]);

  return (
    <ul ref={listRef} aria-label={label} className="relative" style={{ height: virtualizer.getTotalSize() }}>
      {rows.map((row) => (
        <li
          key={row.key}
          ref={virtualizer.measureElement}
          data-index={row.index}
          aria-posinset={row.index + 1}
          aria-setsize={hasMore ? -1 : items.length}
          className={cn('absolute left-0 top-0 w-full', (hasMore || row.index < items.length - 1) && 'border-b', itemClassName)}
          style={{ transform: `translateY(${row.start - listTop}px)` }}
        >
          {renderItem(items[row.index]!)}
        </li>
      ))}
    </ul>
  );
}

/** Under a paged list: says when its next page is on its way or failed to come (`noun`: 'records', 'activity'). */
export function MoreStatus({ more, noun }: { more: 'loading' | 'failed' | null; noun: string }) {
  return (
    <p role="status" className="pt-3 text-center text-sm text-muted-foreground empty:hidden">
      {more === 'loading' ? `Loading more ${noun}…` : more === 'failed' ? `Could not load more ${noun} right now.` : ''}
    </p>
  );
}
