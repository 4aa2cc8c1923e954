import { useEffect, useState, type RefObject } from 'react';

/**
 * True from the first time the element comes within `margin` of the viewport, and for good after. A screen's heavy
 * part below the fold (a chart and its library) loads and draws as the patient scrolls towards it, not during the
 * screen's first paint, when a phone has the rest of the screen to build. Without IntersectionObserver it is true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '400px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref, margin]);
  return near;
}
