import { Bell, CalendarDays, CheckCircle2, FolderOpen, Pill, ShieldCheck, type LucideIcon } from 'lucide-react';
import type { IconType } from '../../../shared/rules/statuses';
import { cn } from '../../lib/cn';

const icons: Record<IconType, { icon: LucideIcon; className: string }> = {
  folder_open: { icon: FolderOpen, className: 'bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300' },
  calendar_today: { icon: CalendarDays, className: 'bg-violet-100 text-violet-700 dark:bg-violet-950 dark:text-violet-300' },
  notifications: { icon: Bell, className: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300' },
  check_circle: { icon: CheckCircle2, className: 'bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-300' },
  health_and_safety: { icon: ShieldCheck, className: 'bg-rose-100 text-rose-700 dark:bg-rose-950 dark:text-rose-300' },
  medication: { icon: Pill, className: 'bg-teal-100 text-teal-700 dark:bg-teal-950 dark:text-teal-300' },
};

export function ActivityIcon({ iconType }: { iconType: IconType }) {
  const { icon: Icon, className } = icons[iconType] ?? icons.notifications;
  return (
    <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-full', className)}>
      <Icon className="size-4" aria-hidden="true" />
    </span>
  );
}
