import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useId, useRef } from 'react';
import type { Trend } from '../../../../shared/contracts/observations';
import { formatNumber, rangeWords, TREND_PERIODS } from '../../../../shared/rules/observations';
import { clockDateTimeWords, usePatientZone } from '../../../components/medications/patient-clock';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { Button } from '../../../components/ui/button';
import { trendQuery, type TrendPeriod } from '../../../lib/api/observations';
import { usePatientId } from '../../../lib/patient-id';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { FLAG_WORDS } from '../../../components/observations/observation-words';

// Recharts (116 KB gzip) comes with the chart, when the card nears the viewport: on a phone the card is three screens
// down, and loading and drawing the chart with the page's first paint cost a slowed phone half a second of blocked input.
const TrendChart = lazy(() => import('./trend-chart').then((module) => ({ default: module.TrendChart })));

const PERIOD_WORDS: Readonly<Record<TrendPeriod, string>> = { '30d': '30 days', '90d': '90 days', '1y': '1 year', '5y': '5 years', all: 'All' };
const BUCKET_WORDS = { reading: null, day: 'Each point is the mean of a day.', week: 'Each point is the mean of a week.', month: 'Each point is the mean of a month.' } as const;

interface TrendCardProps {
  code: string;
  period: TrendPeriod;
  onPeriod(period: TrendPeriod): void;
}

/** One measure's trend: the chart with its range band, and the same numbers in a table a keyboard and a screen reader reach. */
export function TrendCard({ code, period, onPeriod }: TrendCardProps) {
  const patientId = usePatientId();
  const trend = useQuery(trendQuery(patientId, code, period));
  const headingId = useId();
  const card = useRef<HTMLElement>(null);
  const near = useNearViewport(card);
  // Its table (up to a hundred rows) is built in a render React can pause, not in the one the answer's arrival starts.
  const data = useDeferredValue(trend.data);
  const unit = data?.unit ?? null;
  const range = data ? rangeWords(data.range, data.secondRange, unit, data.decimals) : null;

  return (
    <Card ref={card} aria-labelledby={headingId} className="offscreen-lazy">
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1">
          <CardTitle id={headingId}>
            {data ? `${data.name} trend` : 'Trend'}
          </CardTitle>
          <CardDescription>
            {range ? `Usual range ${range}.` : 'No usual range for this measure.'} {data ? BUCKET_WORDS[data.bucket] : null}
          </CardDescription>
        </div>
        {/* A choice of period, pressed or not: tabs would name panels the card does not have. */}
        <div role="group" aria-label="Period" className="flex flex-wrap gap-1">
          {TREND_PERIODS.map((value) => (
            <Button key={value} size="sm" variant={value === period ? 'default' : 'outline'} aria-pressed={value === period} onClick={() => onPeriod(value)}>
              {PERIOD_WORDS[value]}
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent>
        {!data ? (
          <Skeleton className="h-64 w-full" />
        ) : data.points.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted-foreground">No readings in the last {PERIOD_WORDS[period].toLowerCase()}.</p>
        ) : (
          <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <Suspense fallback={<Skeleton className="h-64 w-full" />}>
              {near ? <TrendChart trend={data} /> : <Skeleton className="h-64 w-full" />}
            </Suspense>
            <TrendTable trend={data} period={period} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** The chart's numbers, newest first, in a scrolling region the keyboard can enter. */
function TrendTable({ trend, period }: { trend: Trend; period: TrendPeriod }) {
  const zone = usePatientZone();
  const captionId = useId();
  const n = (value: number) => formatNumber(value, trend.decimals);
  const rows = [...trend.points].reverse();
  const mean = trend.bucket !== 'reading';
  return (
    <div role="region" aria-labelledby={captionId} tabIndex={0} className="max-h-64 overflow-y-auto rounded-md border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
      <table className="w-full text-sm">
        <caption id={captionId} className="sr-only">
          {trend.name} {mean ? 'means' : 'readings'}, {PERIOD_WORDS[period] === 'All' ? 'all time' : `last ${PERIOD_WORDS[period]}`}
          {trend.unit ? `, in ${trend.unit}` : ''}
        </caption>
        <thead className="sticky top-0 bg-card">
          <tr className="border-b text-left">
            <th scope="col" className="px-3 py-2 font-medium">
              {mean ? 'From' : 'Taken'}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {trend.unit ? `Value (${trend.unit})` : 'Value'}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Flag
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((point) => (
            <tr key={point.takenAt} className="border-b last:border-0">
              <td className="px-3 py-1.5">{clockDateTimeWords(point.takenAt, zone)}</td>
              <td className="px-3 py-1.5 text-right font-mono tabular-nums">{point.second === null ? n(point.number) : `${n(point.number)}/${n(point.second)}`}</td>
              <td className="px-3 py-1.5">{point.flag ? FLAG_WORDS[point.flag] : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
