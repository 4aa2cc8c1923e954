import { CartesianGrid, Line, LineChart, ReferenceArea, Tooltip, XAxis, YAxis } from 'recharts';
import type { Trend } from '../../../../shared/contracts/observations';
import { formatNumber } from '../../../../shared/rules/observations';
import { ChartContainer, ChartTooltipContent, type ChartConfig } from '../../../components/ui/chart';

// One measure's trend as a line with its usual range as a band; a flagged point is drawn larger in the destructive
// colour. The chart is for the eye: the table beside it (trend-card.tsx) holds the same numbers for a screen reader
// and the keyboard, so the drawing itself is hidden from assistive technology.

interface Point {
  time: number;
  number: number;
  second: number | null;
  flagged: boolean;
}

const dayWords = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: '2-digit' });

interface DotProps {
  cx?: number;
  cy?: number;
  payload?: Point;
}

/** A reading's dot: larger and in the destructive colour when it is flagged. */
function ReadingDot({ cx, cy, payload, color }: DotProps & { color: string }) {
  if (cx === undefined || cy === undefined) return null;
  const flagged = payload?.flagged ?? false;
  return <circle cx={cx} cy={cy} r={flagged ? 4.5 : 2.5} fill={flagged ? 'var(--destructive)' : color} stroke="none" />;
}

export function TrendChart({ trend }: { trend: Trend }) {
  const points: Point[] = trend.points.map((point) => ({
    time: new Date(point.takenAt).getTime(),
    number: point.number,
    second: point.second,
    flagged: point.flag !== null,
  }));
  const twoSeries = points.some((point) => point.second !== null);
  const config: ChartConfig = twoSeries
    ? { number: { label: 'Systolic', color: 'var(--chart-1)' }, second: { label: 'Diastolic', color: 'var(--chart-2)' } }
    : { number: { label: trend.name, color: 'var(--chart-1)' } };
  const n = (value: number) => formatNumber(value, trend.decimals);
  const band = trend.range;
  const values = points.flatMap((point) => (point.second === null ? [point.number] : [point.number, point.second]));
  const floor = Math.min(...values, band?.low ?? Infinity);
  const ceiling = Math.max(...values, band?.high ?? -Infinity);
  const margin = Math.max((ceiling - floor) * 0.1, 1);

  return (
    <div aria-hidden="true">
      <ChartContainer config={config}>
        <LineChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} />
          {band && (band.low !== null || band.high !== null) && (
            <ReferenceArea y1={band.low ?? floor - margin} y2={band.high ?? ceiling + margin} fill="var(--chart-band)" stroke="none" ifOverflow="extendDomain" />
          )}
          {twoSeries && trend.secondRange && (trend.secondRange.low !== null || trend.secondRange.high !== null) && (
            <ReferenceArea y1={trend.secondRange.low ?? floor - margin} y2={trend.secondRange.high ?? ceiling + margin} fill="var(--chart-band)" stroke="none" />
          )}
          <XAxis
            dataKey="time"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            tickFormatter={(time: number) => dayWords.format(time)}
            tickLine={false}
            axisLine={false}
            minTickGap={24}
          />
          <YAxis
            width={44}
            tickLine={false}
            axisLine={false}
            domain={[Math.floor(floor - margin), Math.ceil(ceiling + margin)]}
            tickFormatter={(value: number) => n(value)}
          />
          <Tooltip
            content={({ active, payload }) => {
              const point = payload?.[0]?.payload as Point | undefined;
              if (!point) return null;
              const rows = [{ key: 'number', label: config.number!.label, value: `${n(point.number)} ${trend.unit ?? ''}`.trim() }];
              if (point.second !== null) rows.push({ key: 'second', label: 'Diastolic', value: `${n(point.second)} ${trend.unit ?? ''}`.trim() });
              return <ChartTooltipContent active={active} label={dayWords.format(point.time)} rows={rows} />;
            }}
          />
          {/* One line per series of the config: the number (the systolic), and blood pressure's diastolic. */}
          {Object.keys(config).map((series) => (
            <Line
              key={series}
              dataKey={series}
              type="monotone"
              stroke={`var(--color-${series})`}
              strokeWidth={2}
              isAnimationActive={false}
              dot={(props: DotProps & { key?: React.Key | null }) => <ReadingDot key={props.key ?? undefined} {...props} color={`var(--color-${series})`} />}
            />
          ))}
        </LineChart>
      </ChartContainer>
    </div>
  );
}
