import type { ReactNode } from 'react';
import type { CareItem } from '../../../shared/contracts/preventative-care';
import { timelineDotTone } from '../../../shared/rules/care';
import { cn } from '../../lib/cn';
import { toneDot } from '../../lib/tones';

/** A care timeline: a line down the left side, each entry marked on it by a dot in its status's colour. */
export function CareTimelineList({ children }: { children: ReactNode }) {
  return <ol className="relative space-y-5 border-l border-border pl-6">{children}</ol>;
}

export function CareTimelineEntry({ status, children }: { status: CareItem['status']; children: ReactNode }) {
  return (
    <li className="relative">
      <span aria-hidden="true" className={cn('absolute -left-[31px] top-1 size-3.5 rounded-full ring-4 ring-card', toneDot[timelineDotTone(status)])} />
      {children}
    </li>
  );
}
