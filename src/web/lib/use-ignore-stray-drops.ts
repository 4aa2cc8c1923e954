import { useEffect } from 'react';

/**
 * While a screen with a drop zone is open, a file dropped beside the zone is refused instead of being opened
 * by the browser in place of the app. Drop zones cancel their own events first; this handles the rest.
 */
export function useIgnoreStrayDrops() {
  useEffect(() => {
    const refuse = (event: DragEvent) => {
      if (event.defaultPrevented || !event.dataTransfer?.types.includes('Files')) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'none';
    };
    window.addEventListener('dragover', refuse);
    window.addEventListener('drop', refuse);
    return () => {
      window.removeEventListener('dragover', refuse);
      window.removeEventListener('drop', refuse);
    };
  }, []);
}
