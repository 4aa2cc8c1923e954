import { differenceInCalendarDays, parseISO } from 'date-fns';
import type { CareStatus } from './statuses';

/** The Timeline View's groups, in the order of part 1 §4 (docs/product.md#part-1-4): overdue, scheduled, upcoming, completed. */
export const TIMELINE_GROUPS = [
  ['overdue', 'Overdue'],
  ['scheduled', 'Scheduled'],
  ['upcoming', 'Upcoming'],
  ['completed', 'Completed'],
] as const satisfies ReadonlyArray<readonly [CareStatus, string]>;

/** The dashboard's timeline order: the groups' order, any other status last; by due date within a group. */
export function sortForTimeline<T extends { id: number; dueDate: string; status: string }>(items: readonly T[]): T[] {
  const rank = (status: string) => {
    const index = TIMELINE_GROUPS.findIndex(([group]) => group === status.toLowerCase());
    return index < 0 ? TIMELINE_GROUPS.length : index;
  };
  return [...items].sort((a, b) => rank(a.status) - rank(b.status) || a.dueDate.localeCompare(b.dueDate) || a.id - b.id);
}

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
 * An upcoming item's line (part 1 §4 (docs/product.md#part-1-4)): 'Due today' once its day has come, else 'Due in 1 day' / 'Due in N days',
 * counted in calendar days from the patient's today ('yyyy-MM-dd').
 */
export function dueInLabel(dueDate: string, today: string): string {
  const days = differenceInCalendarDays(parseISO(dueDate), parseISO(today));
  if (days <= 0) return 'Due today';
  return `Due in ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** Whole days from the due date to the patient's today, none before it is due (part 1 §9 (docs/product.md#part-1-9): whole days since dueDate). */
export function overdueDays(dueDate: string, today: string): number {
  return Math.max(0, differenceInCalendarDays(parseISO(today), parseISO(dueDate)));
}

/** 'Overdue by 1 day', 'Overdue by {n} days' for every other n (the dashboard timeline, part 1 §4 (docs/product.md#part-1-4)). */
export function overdueLabel(days: number): string {
  return `Overdue by ${days} ${days === 1 ? 'day' : 'days'}`;
}
