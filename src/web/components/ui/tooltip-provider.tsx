import { Tooltip } from 'radix-ui';
import type { ReactNode } from 'react';

/**
 * The delays of part 1 §9 (docs/product.md#part-1-9) for the tooltips below it: 700 ms to open, and within 300 ms of one closing the next opens at
 * once. The header's controls and the screens each have one (ADR 20): its code loads with theirs, after the first paint.
 */
export default function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
      {children}
    </Tooltip.Provider>
  );
}
