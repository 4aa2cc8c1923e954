/**
 * Brings a chat into view when something outside it (a quick question under it on a phone) sends a message, so
 * the answer is seen; only as far as needed, and without the glide for those who ask for less motion.
 */
export function scrollIntoViewGently(element: HTMLElement | null) {
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  element?.scrollIntoView({ block: 'nearest', behavior: reduce ? 'auto' : 'smooth' });
}
