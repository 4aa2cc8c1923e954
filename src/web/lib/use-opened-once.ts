import { useState } from 'react';

/**
 * True from the first time `open` is true, and for good after. A dialog whose code loads lazily (ADR 20) mounts only
 * then: its chunk is not part of the first paint, and once loaded it stays mounted so that it can animate its closing.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
