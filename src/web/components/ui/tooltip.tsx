import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';

/**
 * A visible label for an icon-only control, shown on hover and on keyboard focus (delays from the provider in
 * main.tsx: part 1 §9 (docs/product.md#part-1-9)). The control keeps its own accessible name; the tooltip only repeats it for sighted users.
 */
export function Tooltip({ label, children }: { label: ReactNode; children: ReactElement }) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          sideOffset={4}
          collisionPadding={8}
          className="z-50 max-w-xs break-words rounded-md bg-foreground px-2.5 py-1.5 text-xs text-background shadow-md"
        >
          {label}
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
