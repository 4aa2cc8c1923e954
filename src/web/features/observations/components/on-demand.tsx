import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import type { ReadingFields as ReadingFieldsCode } from './reading-form';

// The reading form's code (react-hook-form, the date picker) loads after the page's: a chunk, and a commit, of its own.
// The quick entry and the edit dialog both show it; the first to need it loads it.
const ReadingFieldsLazy = lazy(() => import('./reading-form').then(({ ReadingFields }) => ({ default: ReadingFields })));

/** The reading form, with `fallback` (a placeholder of its height) while its code comes. */
export function ReadingFields({ fallback, ...props }: ComponentProps<typeof ReadingFieldsCode> & { fallback: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <ReadingFieldsLazy {...props} />
    </Suspense>
  );
}
