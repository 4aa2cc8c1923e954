import type { CSSProperties, ReactElement, ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';
import { cn } from '../../lib/cn';

// A chart's frame in the shadcn/ui manner: a config names each series with its label and colour (a CSS variable of
// the theme, so that light and dark follow), the container hands the colours to Recharts as `var(--color-<key>)` and
// sizes the chart to its box. Recharts itself loads only with a screen that draws a chart (issue 35).

export type ChartConfig = Record<string, { label: string; color: string }>;

interface ChartContainerProps {
  config: ChartConfig;
  className?: string;
  /** One Recharts chart (LineChart, ComposedChart…). */
  children: ReactElement;
}

export function ChartContainer({ config, className, children }: ChartContainerProps) {
  const colors = Object.fromEntries(Object.entries(config).map(([key, { color }]) => [`--color-${key}`, color])) as CSSProperties;
  return (
    <div
      style={colors}
      className={cn(
        'h-64 w-full text-xs [&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground [&_.recharts-cartesian-grid_line]:stroke-border [&_.recharts-surface]:overflow-visible',
        className,
      )}
    >
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}

interface ChartTooltipContentProps {
  active?: boolean;
  label?: ReactNode;
  rows: Array<{ key: string; label: string; value: string }>;
}

/** The tooltip's box: the point's label, then a line a series, each with its colour. */
export function ChartTooltipContent({ active, label, rows }: ChartTooltipContentProps) {
  if (!active || rows.length === 0) return null;
  return (
    <div className="grid min-w-32 gap-1 rounded-md border bg-popover px-2.5 py-1.5 text-xs text-popover-foreground shadow-md">
      {label && <div className="font-medium">{label}</div>}
      {rows.map((row) => (
        <div key={row.key} className="flex items-center gap-2">
          <span aria-hidden="true" className="size-2 shrink-0 rounded-sm" style={{ background: `var(--color-${row.key})` }} />
          <span className="text-muted-foreground">{row.label}</span>
          <span className="ml-auto font-mono tabular-nums">{row.value}</span>
        </div>
      ))}
    </div>
  );
}
