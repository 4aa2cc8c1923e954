import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** One choice of several; arrow keys move and choose, as a native radio group does. */
export function RadioGroup({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return <RadioGroupPrimitive.Root className={cn('grid gap-2', className)} {...props} />;
}

export function RadioGroupItem({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      className={cn(
        'group/radio flex size-4 shrink-0 items-center justify-center rounded-full border border-primary text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    >
      {/* The dot is drawn from the item's state, not by Radix's Indicator: that mounts through Presence, which reads the
          page's computed style when it mounts, a recalculation of the whole page's styles in the middle of the commit. */}
      <span aria-hidden className="size-2 rounded-full bg-current group-data-[state=unchecked]/radio:hidden" />
    </RadioGroupPrimitive.Item>
  );
}
