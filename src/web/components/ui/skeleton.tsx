import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/**
 * A placeholder while data loads; hidden from screen readers, which hear the region's busy state instead.
 * A block-level <span>, so it is valid HTML anywhere, including inside a heading or a paragraph.
 */
export function Skeleton({ className, ...props }: ComponentProps<'span'>) {
  return <span aria-hidden="true" className={cn('block animate-pulse rounded-md bg-muted', className)} {...props} />;
}
