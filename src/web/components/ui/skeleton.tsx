import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A placeholder while data loads; hidden from screen readers, which hear the region's busy state instead. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}
