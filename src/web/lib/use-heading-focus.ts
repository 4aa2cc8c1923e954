import { useEffect, useRef } from 'react';

/**
 * A page opened from a dialog or a panel whose link is gone with it (Settings → Security, Settings → Notifications):
 * the page's heading takes the focus, so a keyboard or screen-reader user goes on from it rather than from the page's
 * start. Only when nothing else holds the focus. Give the ref to the heading, with tabIndex={-1}.
 */
export function useHeadingFocus() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) heading.current?.focus();
  }, []);
  return heading;
}

/**
 * For a dialog or popover whose links lead to such a page: `leave()` closes it for the link, and its
 * onCloseAutoFocus then leaves the focus alone (once), so the page's heading takes it; any other close returns the
 * focus as usual (`otherwise`, or the component's own).
 */
export function useLeaveForPage(close: () => void) {
  const leaving = useRef(false);
  return {
    leave() {
      leaving.current = true;
      close();
    },
    onCloseAutoFocus(event: Event, otherwise?: (event: Event) => void) {
      if (!leaving.current) return otherwise?.(event);
      leaving.current = false;
      event.preventDefault();
    },
  };
}
