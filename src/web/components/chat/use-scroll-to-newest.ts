import { useEffect, useRef } from 'react';

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Keeps a scrolling message list at its newest message (part 2 §4 (docs/product.md#part-2-4)): smoothly after each change, at once for
 * those who ask the system for less motion. A list that was hidden (another tab) lost its place; it goes back to
 * the newest message as soon as it is shown again.
 */
export function useScrollToNewest<T extends HTMLElement>(change: unknown) {
  const ref = useRef<T>(null);

  useEffect(() => {
    const list = ref.current;
    list?.scrollTo({ top: list.scrollHeight, behavior: reducedMotion() ? 'auto' : 'smooth' });
  }, [change]);

  useEffect(() => {
    const list = ref.current;
    if (!list) return;
    let wasShown = list.clientHeight > 0;
    const observer = new ResizeObserver(() => {
      const shown = list.clientHeight > 0;
      if (shown && !wasShown) list.scrollTo({ top: list.scrollHeight });
      wasShown = shown;
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

  return ref;
}
