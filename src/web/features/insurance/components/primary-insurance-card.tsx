import { Pencil, Plus, ShieldPlus } from 'lucide-react';
import type { InsurancePlan } from '../../../../shared/contracts/insurance';
import { formatDate } from '../../../../shared/rules/formats';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';

export const PRIMARY_INSURANCE_HEADING = 'primary-insurance-heading';

interface PrimaryInsuranceCardProps {
  /** undefined while loading, null when the patient has no primary plan. */
  plan: InsurancePlan | null | undefined;
  failed: boolean;
  onEdit(): void;
}

export function PrimaryInsuranceCard({ plan, failed, onEdit }: PrimaryInsuranceCardProps) {
  return (
    <Card aria-busy={plan === undefined && !failed}>
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle id={PRIMARY_INSURANCE_HEADING} tabIndex={-1} className="outline-none">
          Primary Insurance
        </CardTitle>
        {plan && (
          <Button variant="outline" size="sm" onClick={onEdit} aria-label="Edit primary insurance">
            <Pencil aria-hidden="true" />
            Edit
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {failed ? (
          <p className="text-sm text-muted-foreground">Could not load your insurance right now.</p>
        ) : plan === undefined ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-11 w-full" />
            ))}
          </div>
        ) : plan === null ? (
          <EmptyState
            icon={ShieldPlus}
            title="No Insurance Information"
            description="Add your plan to keep its details and coverage at hand."
            action={
              <Button onClick={onEdit}>
                <Plus aria-hidden="true" />
                Add Insurance
              </Button>
            }
          />
        ) : (
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Fact term="Provider" detail={plan.provider} />
            <Fact term="Member ID" detail={plan.memberId} />
            <Fact term="Group Number" detail={plan.groupNumber ?? 'Not provided'} muted={plan.groupNumber === null} />
            <Fact term="Plan Type" detail={plan.planType} />
            <Fact term="Effective Date" detail={formatDate(plan.effectiveDate)} />
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

function Fact({ term, detail, muted = false }: { term: string; detail: string; muted?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className={muted ? 'text-muted-foreground' : 'break-words font-medium'}>{detail}</dd>
    </div>
  );
}
