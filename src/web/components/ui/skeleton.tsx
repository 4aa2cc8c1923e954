import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A placeholder's look, for a placeholder drawn before anything else needs `cn` (layout/page-skeleton.tsx). */
export const skeletonClass = 'block animate-pulse rounded-md bg-muted';

/**
 * A placeholder while data loads; hidden from screen readers, which hear the region's busy state instead.
 * A block-level <span>, so it is valid HTML anywhere, including inside a heading or a paragraph.
 */
export function Skeleton({ className, ...props }: ComponentProps<'span'>) {
  return <span aria-hidden="true" className={cn(skeletonClass, className)} {...props} />;
}
