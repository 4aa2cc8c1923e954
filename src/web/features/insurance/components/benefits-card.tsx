import { useQuery } from '@tanstack/react-query';
import { ListPlus, Plus } from 'lucide-react';
import { useState } from 'react';
import type { InsuranceBenefit, InsurancePlan } from '../../../../shared/contracts/insurance';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { RowActions } from '../../../components/ui/row-actions';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { benefitsQuery } from '../../../lib/api/insurance';
import { BenefitDialog, type BenefitEdit } from './benefit-dialog';
import { RemoveBenefitDialog } from './remove-benefit-dialog';

const HEADING_ID = 'benefits-heading';

interface BenefitsCardProps {
  /** undefined while loading, null when the patient has no primary plan. */
  plan: InsurancePlan | null | undefined;
}

export function BenefitsCard({ plan }: BenefitsCardProps) {
  const [editing, setEditing] = useState<BenefitEdit | null>(null);
  const [removing, setRemoving] = useState<InsuranceBenefit | null>(null);
  const focus = useReturnFocus(HEADING_ID);
  // Part 1 §7 (docs/product.md#part-1-7): benefits are only requested once there is a primary plan.
  const benefits = useQuery({ ...benefitsQuery(plan?.id ?? 0), enabled: !!plan });

  const add = () => {
    if (!plan) return;
    focus.remember();
    setEditing({ insuranceId: plan.id, benefit: null });
  };

  const edit = (benefit: InsuranceBenefit) => {
    focus.remember();
    setEditing({ insuranceId: benefit.insuranceId, benefit });
  };
  const remove = (benefit: InsuranceBenefit) => {
    focus.remember();
    setRemoving(benefit);
  };

  return (
    <Card aria-busy={plan === undefined || (!!plan && benefits.isPending)}>
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle id={HEADING_ID} tabIndex={-1} className="outline-none">
          Benefits Summary
        </CardTitle>
        {plan && benefits.isSuccess && benefits.data.length > 0 && (
          <Button variant="outline" size="sm" onClick={add}>
            <Plus aria-hidden="true" />
            Add benefit
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {plan === null ? (
          <p className="text-sm text-muted-foreground">Add your insurance plan to list what it covers.</p>
        ) : plan === undefined || benefits.isPending ? (
          <div className="space-y-3">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-9 w-full" />
            ))}
          </div>
        ) : benefits.isError ? (
          <p className="text-sm text-muted-foreground">Could not load your benefits right now.</p>
        ) : benefits.data.length === 0 ? (
          <EmptyState
            icon={ListPlus}
            title="No benefits listed"
            description="Add what your plan covers, in network and out of network."
            action={
              <Button onClick={add}>
                <Plus aria-hidden="true" />
                Add benefit
              </Button>
            }
          />
        ) : (
          <>
            {/* A table from small screens up; a list below, where four columns would not fit 390 px. */}
            <ul aria-labelledby={HEADING_ID} className="divide-y sm:hidden">
              {benefits.data.map((benefit) => (
                <li key={benefit.id} className="flex items-start gap-2 py-3">
                  <div className="min-w-0 flex-1 space-y-1 text-sm">
                    <p className="break-words font-medium">{benefit.serviceName}</p>
                    <p>
                      <span className="text-muted-foreground">In-network: </span>
                      <Coverage text={benefit.inNetworkCoverage} />
                    </p>
                    <p>
                      <span className="text-muted-foreground">Out-of-network: </span>
                      <Coverage text={benefit.outOfNetworkCoverage} />
                    </p>
                  </div>
                  <RowActions name={benefit.serviceName} onEdit={() => edit(benefit)} onRemove={() => remove(benefit)} />
                </li>
              ))}
            </ul>
            <Table aria-labelledby={HEADING_ID} className="hidden sm:table">
              <TableHeader>
                <TableRow>
                  <TableHead>Service</TableHead>
                  <TableHead>In-Network</TableHead>
                  <TableHead>Out-of-Network</TableHead>
                  <TableHead className="w-24">
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {benefits.data.map((benefit) => (
                  <TableRow key={benefit.id}>
                    <TableCell className="font-medium">{benefit.serviceName}</TableCell>
                    <TableCell>
                      <Coverage text={benefit.inNetworkCoverage} />
                    </TableCell>
                    <TableCell>
                      <Coverage text={benefit.outOfNetworkCoverage} />
                    </TableCell>
                    <TableCell className="text-right">
                      <RowActions name={benefit.serviceName} onEdit={() => edit(benefit)} onRemove={() => remove(benefit)} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </CardContent>
      <BenefitDialog edit={editing} onClose={() => setEditing(null)} onCloseAutoFocus={focus.restore} />
      <RemoveBenefitDialog benefit={removing} onClose={() => setRemoving(null)} onCloseAutoFocus={focus.restore} />
    </Card>
  );
}

function Coverage({ text }: { text: string }) {
  return text ? <span className="break-words">{text}</span> : <span className="text-muted-foreground">Not stated</span>;
}
