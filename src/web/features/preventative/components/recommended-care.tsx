import { useQuery } from '@tanstack/react-query';
import { CalendarPlus, CircleHelp, ExternalLink } from 'lucide-react';
import { Link } from 'wouter';
import type { RecommendationRow } from '../../../../shared/contracts/recommendations';
import { badgeOfLabel } from '../../../../shared/rules/care';
import { usePatientId } from '../../../lib/patient-id';
import { paths } from '../../../app/paths';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { recommendationsQuery } from '../../../lib/api/preventative-care';
import type { QuickScheduleRequest } from './quick-schedule-dialog';

const HEADING_ID = 'recommended-care-heading';

/** The badge of each status as part 2 §4 (docs/product.md#part-2-4) has it, from the one table of care words and colours (rules/care.ts). */
function StatusBadge({ status }: { status: RecommendationRow['status'] }) {
  return <Badge variant={badgeOfLabel(status)}>{status}</Badge>;
}

const STATUS_HELP: ReadonlyArray<readonly [RecommendationRow['status'], string]> = [
  ['Overdue', 'Past its time: schedule it right away.'],
  ['Due Now', 'Due in the next 3 months, or never recorded.'],
  ['Upcoming', 'Needed later, or already booked.'],
  ['Completed', 'Done recently, within its interval.'],
];

interface RecommendedCareProps {
  onSchedule(request: QuickScheduleRequest): void;
}

/** Recommended Care (issue 12, point 3): the guideline rows that apply to the patient, with their own status. */
export function RecommendedCare({ onSchedule }: RecommendedCareProps) {
  const patientId = usePatientId();
  const recommendations = useQuery(recommendationsQuery(patientId));
  const data = recommendations.data;
  const schedule = (row: RecommendationRow) => onSchedule({ service: row.service, careItemId: row.careItemId });

  return (
    <Card aria-busy={recommendations.isPending}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2 space-y-0">
        <div className="space-y-1.5">
          <CardTitle id={HEADING_ID}>Recommended Care</CardTitle>
          <CardDescription>
            {data?.deceased
              ? `This record is of a patient who has died${data.age != null ? ` at the age of ${data.age}` : ''}: nothing is recommended.`
              : data?.age != null
                ? `Screenings and vaccines for your age (${data.age}) and what you have recorded.`
                : 'Screenings and vaccines from your own record.'}
          </CardDescription>
        </div>
        <Popover>
          <PopoverTrigger asChild>
            <Button variant="ghost" size="sm">
              <CircleHelp aria-hidden="true" />
              Understanding Your Timeline
            </Button>
          </PopoverTrigger>
          <PopoverContent aria-label="Understanding Your Timeline" align="end" className="w-80 space-y-3">
            <p className="font-semibold">Understanding Your Timeline</p>
            <dl className="space-y-2 text-sm">
              {STATUS_HELP.map(([status, meaning]) => (
                <div key={status} className="flex items-start gap-2">
                  <dt className="w-24 shrink-0">
                    <StatusBadge status={status} />
                  </dt>
                  <dd className="text-muted-foreground">{meaning}</dd>
                </div>
              ))}
            </dl>
          </PopoverContent>
        </Popover>
      </CardHeader>
      <CardContent className="space-y-4">
        {data?.needsDateOfBirth && (
          <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200">
            Add your date of birth to see the screenings for your age; until then only those for every adult show.{' '}
            <Link href={paths.profile} className="font-medium underline underline-offset-4">
              Go to My Profile
            </Link>
          </p>
        )}
        {data && data.sexAtBirth === null && !data.deceased && (
          <p role="note" className="rounded-md border p-3 text-sm text-muted-foreground">
            Your sex at birth is not stated, so screenings for both sexes are shown.{' '}
            <Link href={paths.profile} className="font-medium text-foreground underline underline-offset-4">
              State it in My Profile
            </Link>
          </p>
        )}
        {recommendations.isPending ? (
          <div className="space-y-3">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : recommendations.isError || !data ? (
          <p className="text-sm text-muted-foreground">Could not load your recommendations right now.</p>
        ) : (
          <>
            {/* A list below lg, where six columns would not fit; the table from lg up. */}
            <ul aria-labelledby={HEADING_ID} className="divide-y lg:hidden">
              {data.rows.map((row) => (
                <li key={row.id} className="space-y-2 py-4">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-medium">{row.service}</h3>
                    <StatusBadge status={row.status} />
                  </div>
                  <ForWhom row={row} shown={data.sexAtBirth === null} />
                  <p className="text-sm">{row.recommendation}</p>
                  <p className="text-sm text-muted-foreground">
                    <span className="font-medium text-foreground">Cost: </span>
                    {row.cost}
                  </p>
                  {row.notes && <p className="text-sm text-muted-foreground">{row.notes}</p>}
                  <div className="flex flex-wrap items-center gap-3">
                    <RowAction row={row} onSchedule={schedule} />
                    <LearnMore row={row} />
                  </div>
                </li>
              ))}
            </ul>
            <Table aria-labelledby={HEADING_ID} className="hidden lg:table">
              <TableHeader>
                <TableRow>
                  <TableHead>Service</TableHead>
                  <TableHead>Why It's Recommended</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Estimated Cost</TableHead>
                  <TableHead>Notes</TableHead>
                  <TableHead>Action</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.rows.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell className="align-top">
                      <p className="font-medium">{row.service}</p>
                      <ForWhom row={row} shown={data.sexAtBirth === null} />
                      <LearnMore row={row} />
                    </TableCell>
                    <TableCell className="max-w-xs align-top">{row.recommendation}</TableCell>
                    <TableCell className="align-top">
                      <StatusBadge status={row.status} />
                    </TableCell>
                    <TableCell className="align-top">{row.cost}</TableCell>
                    <TableCell className="max-w-xs align-top text-muted-foreground">{row.notes}</TableCell>
                    <TableCell className="align-top">
                      <RowAction row={row} onSchedule={schedule} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
        <p className="text-xs text-muted-foreground">
          Recommendations follow the USPSTF A and B recommendations and AAFP and ACS guidelines for adults. They are general guidance, not a
          diagnosis: talk them over with your doctor.
        </p>
      </CardContent>
    </Card>
  );
}

function RowAction({ row, onSchedule }: { row: RecommendationRow; onSchedule(row: RecommendationRow): void }) {
  if (row.status === 'Completed') return <span className="text-sm text-muted-foreground">Completed</span>;
  return (
    <Button size="sm" variant={row.status === 'Overdue' ? 'destructive' : 'outline'} onClick={() => onSchedule(row)} aria-label={`Schedule ${row.service}`}>
      <CalendarPlus aria-hidden="true" />
      Schedule
    </Button>
  );
}

function LearnMore({ row }: { row: RecommendationRow }) {
  if (!row.learnMoreUrl) return null;
  return (
    <a
      href={row.learnMoreUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 rounded-sm text-sm text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      Learn more<span className="sr-only"> about {row.service} (opens in a new tab)</span>
      <ExternalLink aria-hidden="true" className="size-3.5" />
    </a>
  );
}

/** With sex at birth not stated, the rows for one sex say whom they are for. */
function ForWhom({ row, shown }: { row: RecommendationRow; shown: boolean }) {
  if (!shown || !row.sexSpecific) return null;
  return <p className="text-xs text-muted-foreground">{row.sexSpecific === 'female' ? 'For women' : 'For men'}</p>;
}
