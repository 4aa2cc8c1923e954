import type { InsurancePlan } from '../../../../shared/contracts/insurance';
import { formatDollars, percentOf } from '../../../../shared/rules/formats';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { Skeleton } from '../../../components/ui/skeleton';

interface CoverageCardProps {
  /** undefined while loading, null when the patient has no primary plan. */
  plan: InsurancePlan | null | undefined;
}

export function CoverageCard({ plan }: CoverageCardProps) {
  return (
    <Card aria-busy={plan === undefined}>
      <CardHeader>
        <CardTitle>Coverage Details</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        {plan === undefined ? (
          <>
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </>
        ) : plan === null ? (
          <p className="text-sm text-muted-foreground">Add your insurance plan to follow your deductible and out-of-pocket spending.</p>
        ) : (
          <>
            <CoverageMeter label="Deductible" met={plan.deductibleMet} total={plan.deductible} />
            <CoverageMeter label="Out-of-Pocket" met={plan.outOfPocketMet} total={plan.outOfPocketMax} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function CoverageMeter({ label, met, total }: { label: string; met: number; total: number }) {
  const percent = percentOf(met, total);
  const amounts = `${formatDollars(met)} of ${formatDollars(total)}`;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground">
          {amounts} met · <span className="font-medium text-foreground">{percent}%</span>
        </span>
      </div>
      <Progress aria-label={`${label} met`} value={Math.min(percent, 100)} getValueLabel={() => `${percent}%, ${amounts}`} />
    </div>
  );
}
