import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { UNKNOWN_PROVIDER } from '../../../../shared/rules/appointment-display';
import { usePatientId } from '../../../lib/patient-id';
import type { CareCategory } from '../../../../shared/rules/statuses';
import { yearSchedule, type YearEntry, type YearMonth } from '../../../../shared/rules/year-view';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tooltip } from '../../../components/ui/tooltip';
import { appointmentsQuery } from '../../../lib/api/appointments';
import { careItemsQuery } from '../../../lib/api/preventative-care';
import { providersQuery } from '../../../lib/api/providers';
import { cn } from '../../../lib/cn';
import { usePatientToday } from '../../../lib/use-patient-today';

/**
 * Category dots: at least 3:1 against the card in both themes (WCAG 1.4.11); the category is always written
 * beside its dot, so colour is never the only sign.
 */
const CATEGORY_DOT: Record<CareCategory, string> = {
  'Primary Care': 'bg-blue-600 dark:bg-blue-400',
  Dental: 'bg-emerald-700 dark:bg-emerald-400',
  Vision: 'bg-violet-600 dark:bg-violet-400',
  'Specialty Care': 'bg-orange-700 dark:bg-orange-400',
};

/** The legend's words (part 2 §2 (docs/product.md#part-2-2)): 'Specialty' for Specialty Care. */
const LEGEND: readonly [CareCategory, string][] = [
  ['Primary Care', 'Primary Care'],
  ['Dental', 'Dental'],
  ['Vision', 'Vision'],
  ['Specialty Care', 'Specialty'],
];

const MONTH_GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

function CategoryDot({ category, className }: { category: CareCategory; className?: string }) {
  return <span aria-hidden="true" className={cn('inline-block shrink-0 rounded-full', CATEGORY_DOT[category], className)} />;
}

/**
 * One entry of a month, focusable so its tooltip opens from the keyboard. Focused, the open tooltip is its accessible
 * description (Radix adds it); the same words follow it in a visually hidden span, for reading without focusing.
 * Setting aria-describedby to that span as well would make screen readers say the text twice.
 */
function ScheduleEntry({ entry }: { entry: YearEntry }) {
  const due = `Due: ${entry.dueLabel}`;
  return (
    <li>
      <Tooltip
        label={
          <>
            <span className="block">{entry.description}</span>
            <span className="mt-1 block font-semibold">{due}</span>
          </>
        }
      >
        <div
          tabIndex={0}
          className="rounded-md border bg-background p-2.5 outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        >
          <p className="break-words text-sm font-medium">{entry.service}</p>
          <div className="mt-1.5 flex flex-wrap items-center justify-between gap-2">
            <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
              <CategoryDot category={entry.category} className="size-2.5" />
              {entry.category}
            </span>
            <Badge variant={entry.badge}>{entry.status}</Badge>
          </div>
        </div>
      </Tooltip>
      <span className="sr-only">
        {entry.description} {due}
      </span>
    </li>
  );
}

function MonthCard({ month }: { month: YearMonth }) {
  return (
    <li
      aria-current={month.isCurrent ? 'date' : undefined}
      className={cn('rounded-xl border bg-card p-4 text-card-foreground shadow-sm', month.isCurrent && 'border-primary ring-2 ring-primary')}
    >
      <div className="mb-3 flex items-baseline justify-between gap-2">
        <h3 className="font-semibold">{month.name}</h3>
        {month.isCurrent && <span className="text-xs font-medium text-primary">This month</span>}
      </div>
      {month.entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">No scheduled care</p>
      ) : (
        <ul className="space-y-2">
          {month.entries.map((entry) => (
            <ScheduleEntry key={entry.key} entry={entry} />
          ))}
        </ul>
      )}
    </li>
  );
}

function Legend() {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
      <span id={id} className="font-medium">
        Categories:
      </span>
      <ul aria-labelledby={id} className="flex flex-wrap gap-x-4 gap-y-2">
        {LEGEND.map(([category, label]) => (
          <li key={category} className="flex items-center gap-2">
            <CategoryDot category={category} className="size-3" />
            {label}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Preventative Care's Year View (part 2 §2 (docs/product.md#part-2-2)): the patient's care items and appointments month by month, recurring
 * care projected into later years (rules/year-view.ts). `now` fixes the day for tests.
 */
export function YearView({ now }: { now?: Date }) {
  const patientId = usePatientId();
  const today = usePatientToday(now);
  const [year, setYear] = useState(() => Number(today.slice(0, 4)));
  const titleId = useId();
  const care = useQuery(careItemsQuery(patientId));
  const appointments = useQuery(appointmentsQuery(patientId));
  // Provider names only add to the descriptions; the months show without them.
  const providers = useQuery(providersQuery(patientId));

  const months = useMemo(() => {
    if (!care.data || !appointments.data) return null;
    const providerName = (id: number) =>
      providers.data ? (providers.data.find((provider) => provider.id === id)?.name ?? UNKNOWN_PROVIDER) : null;
    return yearSchedule(year, care.data, appointments.data, { today, providerName });
  }, [year, care.data, appointments.data, providers.data, today]);

  const failed = care.isError || appointments.isError;
  const loading = !failed && !months;

  return (
    <Card aria-labelledby={titleId} aria-busy={loading}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0">
        {/* Polite: the new year is read out after Previous year or Next year. */}
        <CardTitle id={titleId} aria-live="polite" className="text-lg leading-tight">
          Your {year} Preventative Care Schedule
        </CardTitle>
        <div className="flex gap-2">
          <Tooltip label="Previous year">
            <Button variant="outline" size="icon" aria-label="Previous year" onClick={() => setYear((shown) => shown - 1)}>
              <ChevronLeft aria-hidden="true" />
            </Button>
          </Tooltip>
          <Tooltip label="Next year">
            <Button variant="outline" size="icon" aria-label="Next year" onClick={() => setYear((shown) => shown + 1)}>
              <ChevronRight aria-hidden="true" />
            </Button>
          </Tooltip>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <Legend />
        {failed ? (
          <p className="text-sm text-muted-foreground">Could not load your preventative care schedule right now.</p>
        ) : !months ? (
          <div className={MONTH_GRID}>
            {Array.from({ length: 12 }, (_, i) => (
              <Skeleton key={i} className="h-32 rounded-xl" />
            ))}
          </div>
        ) : (
          <ol aria-labelledby={titleId} className={MONTH_GRID}>
            {months.map((month) => (
              <MonthCard key={month.index} month={month} />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
