import { startTransition, useEffect, useState, type ReactNode } from 'react';

/** How long a tab that paints no frames (a hidden one) waits before it renders the rest anyway. */
const HIDDEN_TAB_WAIT_MS = 200;

/**
 * Renders `fallback` until the browser has painted a frame since this mounted, then `children` for good. What the
 * first screen does not need to be drawn (a screen's code, the header's menus, the toasts) goes inside, so that a
 * slow phone shows the page before it fetches and runs the rest (ADR 20). A frame callback runs just before a paint,
 * and the task it posts just after it.
 */
export function AfterFirstPaint({ fallback = null, children }: { fallback?: ReactNode; children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let task: ReturnType<typeof setTimeout> | undefined;
    // A transition: React renders what follows in slices, yielding to input instead of holding the thread.
    const show = () => startTransition(() => setPainted(true));
    const frame = requestAnimationFrame(() => {
      task = setTimeout(show);
    });
    const hiddenTab = setTimeout(show, HIDDEN_TAB_WAIT_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
      clearTimeout(hiddenTab);
    };
  }, []);
  return painted ? children : fallback;
}
