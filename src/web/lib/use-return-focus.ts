import { useRef } from 'react';

/**
 * For dialogs opened from a row's button: `remember()` as one opens, and pass `restore` as its onCloseAutoFocus,
 * so focus goes back to that button when it closes — or, if the row is gone (deleted), to the element with
 * `fallbackId`, which must be focusable (tabIndex -1).
 */
export function useReturnFocus(fallbackId: string) {
  const returnTo = useRef<HTMLElement | null>(null);
  return {
    remember() {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    restore(event: Event) {
      event.preventDefault();
      const target = returnTo.current;
      if (target?.isConnected) target.focus();
      else document.getElementById(fallbackId)?.focus();
    },
  };
}
