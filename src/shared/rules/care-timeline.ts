import { differenceInCalendarDays, parseISO } from 'date-fns';
import type { CareStatus } from './statuses';

/** The Timeline View's groups, in the order of part 1 §4: overdue, scheduled, upcoming, completed. */
export const TIMELINE_GROUPS = [
  ['overdue', 'Overdue'],
  ['scheduled', 'Scheduled'],
  ['upcoming', 'Upcoming'],
  ['completed', 'Completed'],
] as const satisfies ReadonlyArray<readonly [CareStatus, string]>;

/** Items by status, each group by due date (completed ones most recently completed first). */
export function groupForTimeline<T extends { id: number; status: CareStatus; dueDate: string; lastCompleted: string | null }>(
  items: readonly T[],
): Record<CareStatus, T[]> {
  const byDue = (a: T, b: T) => a.dueDate.localeCompare(b.dueDate) || a.id - b.id;
  const of = (status: CareStatus) => items.filter((item) => item.status === status);
  return {
    overdue: of('overdue').sort(byDue),
    scheduled: of('scheduled').sort(byDue),
    upcoming: of('upcoming').sort(byDue),
    completed: of('completed').sort(
      (a, b) => (b.lastCompleted ?? '').localeCompare(a.lastCompleted ?? '') || b.dueDate.localeCompare(a.dueDate) || b.id - a.id,
    ),
  };
}

/**
 * An upcoming item's line (part 1 §4): 'Due today' once its day has come, else 'Due in 1 day' / 'Due in N days',
 * counted in calendar days from the patient's today ('yyyy-MM-dd').
 */
export function dueInLabel(dueDate: string, today: string): string {
  const days = differenceInCalendarDays(parseISO(dueDate), parseISO(today));
  if (days <= 0) return 'Due today';
  return `Due in ${days} ${days === 1 ? 'day' : 'days'}`;
}
