import { skeletonClass } from '../components/ui/skeleton';

/**
 * Shown while the session's state or a screen's code loads. Its classes are joined as strings, not by `cn` (ADR 20): the
 * first `cn` builds tailwind-merge's class map, which `lib/cn.ts` does in a task of its own instead of in this render.
 */
export function PageSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true" aria-label="Loading">
      <span aria-hidden="true" className={`${skeletonClass} h-8 w-64`} />
      <span aria-hidden="true" className={`${skeletonClass} h-4 w-80`} />
      <span aria-hidden="true" className={`${skeletonClass} h-40 w-full`} />
    </div>
  );
}
