import { ArrowRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';

interface SummaryCardProps {
  title: string;
  icon: LucideIcon;
  iconClassName?: string;
  loading: boolean;
  error: boolean;
  value: ReactNode;
  detail: ReactNode;
  /** The screen that holds what the card counts, e.g. the appointments. */
  link?: { href: string; label: string };
}

export function SummaryCard({ title, icon: Icon, iconClassName, loading, error, value, detail, link }: SummaryCardProps) {
  return (
    <Card aria-busy={loading}>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <Icon className={cn('size-5 text-muted-foreground', iconClassName)} aria-hidden="true" />
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="space-y-2">
            <Skeleton className="h-7 w-24" />
            <Skeleton className="h-4 w-40" />
          </div>
        ) : error ? (
          <p className="text-sm text-muted-foreground">Could not load this right now.</p>
        ) : (
          <>
            <div className="text-2xl font-bold">{value}</div>
            <p className="mt-1 text-sm text-muted-foreground">{detail}</p>
          </>
        )}
        {link && (
          <Link href={link.href} className="mt-3 inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
            {link.label}
            <ArrowRight aria-hidden="true" className="size-3.5" />
          </Link>
        )}
      </CardContent>
    </Card>
  );
}
