import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { securityOverviewQuery } from '../../lib/api/security';
import { Checkbox } from '../ui/checkbox';
import { Label } from '../ui/label';

interface MadeWhileOpenChoiceProps {
  keep: boolean;
  onKeepChange(keep: boolean): void;
}

/**
 * Setting the first way in (issue 29): the tokens and recovery codes made while anyone on this computer could open the
 * app are named, with a warning, and stop working unless the owner keeps them. Nothing shows when there are none.
 */
export function MadeWhileOpenChoice({ keep, onKeepChange }: MadeWhileOpenChoiceProps) {
  const made = useQuery(securityOverviewQuery()).data?.madeWhileOpen;
  const id = useId();
  if (!made || (made.tokens.length === 0 && made.recoveryCodes === 0)) return null;
  const things = [
    ...made.tokens.map((token) => `the access token “${token.name}”`),
    ...(made.recoveryCodes > 0 ? [`${made.recoveryCodes} recovery code${made.recoveryCodes === 1 ? '' : 's'}`] : []),
  ];
  return (
    <div className="space-y-3 rounded-md border border-amber-600/60 bg-amber-500/10 p-3 text-sm">
      <p className="flex items-start gap-2">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden="true" />
        <span>
          Made before your record was protected, when anyone on this computer could open HealthAssist: {things.join(', ')}.
          They stop working when you protect your record, unless you keep them.
        </span>
      </p>
      <div className="flex items-center gap-2">
        <Checkbox id={id} checked={keep} onCheckedChange={(checked) => onKeepChange(checked === true)} />
        <Label htmlFor={id} className="font-normal">
          Keep them: I made them myself
        </Label>
      </div>
    </div>
  );
}
