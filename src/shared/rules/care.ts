import { addMonths, differenceInCalendarDays, parseISO } from 'date-fns';
import { formatDate } from './formats';

/** The fields the dashboard reads from a care item. */
export interface CareItemView {
  id: number;
  careName: string;
  dueDate: string;
  status: string;
}

export type Tone = 'green' | 'blue' | 'red' | 'amber' | 'grey';

const MS_PER_DAY = 86_400_000;

/** Status colours of appointments and care items, case-insensitive (part 1 §4). */
export function statusTone(status: string): Tone {
  switch (status.toLowerCase()) {
    case 'completed':
      return 'green';
    case 'scheduled':
      return 'blue';
    case 'overdue':
      return 'red';
    case 'upcoming':
      return 'amber';
    default:
      return 'grey';
  }
}

/** Timeline dots: overdue red, scheduled amber, upcoming grey, completed green. */
export function timelineDotTone(status: string): Tone {
  switch (status.toLowerCase()) {
    case 'overdue':
      return 'red';
    case 'scheduled':
      return 'amber';
    case 'completed':
      return 'green';
    default:
      return 'grey';
  }
}

const TIMELINE_ORDER = ['overdue', 'scheduled', 'upcoming', 'completed'];

/** Overdue, scheduled, upcoming, completed, any other status last; by due date within a group. */
export function sortForTimeline<T extends CareItemView>(items: readonly T[]): T[] {
  const rank = (status: string) => {
    const index = TIMELINE_ORDER.indexOf(status.toLowerCase());
    return index < 0 ? TIMELINE_ORDER.length : index;
  };
  return [...items].sort((a, b) => rank(a.status) - rank(b.status) || a.dueDate.localeCompare(b.dueDate) || a.id - b.id);
}

/** Whole days since the due date: milliseconds divided by 86,400,000, rounded down (part 1 §9). */
export function overdueDays(dueDate: string, now: Date = new Date()): number {
  return Math.max(0, Math.floor((now.getTime() - parseISO(dueDate).getTime()) / MS_PER_DAY));
}

/** 'Overdue by 1 day', 'Overdue by {n} days' for every other n (the dashboard timeline, part 1 §4). */
export function overdueLabel(days: number): string {
  return `Overdue by ${days} ${days === 1 ? 'day' : 'days'}`;
}

export type CareSummaryStatus = 'Overdue' | 'Due Now' | 'Upcoming' | 'On Track';

export interface CareSummary {
  status: CareSummaryStatus;
  message: string;
  /** The card shows Overdue only for Overdue; every other state reads On Track. */
  display: 'Overdue' | 'On Track';
}

/**
 * The dashboard's care summary (part 1 §4), applied to the patient's own items: an overdue item wins;
 * else items due within three months ("Due Now", part 2 §4); else the next upcoming one; else all is well.
 */
export function summarizeCare(items: readonly CareItemView[], now: Date = new Date()): CareSummary {
  const open = items.filter((item) => item.status.toLowerCase() !== 'completed');
  const overdue = open.find((item) => item.status.toLowerCase() === 'overdue');
  if (overdue) return { status: 'Overdue', message: `${overdue.careName} is overdue`, display: 'Overdue' };

  const upcoming = open
    .filter((item) => item.status.toLowerCase() === 'upcoming')
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  const soon = addMonths(now, 3);
  const dueNow = upcoming.filter((item) => differenceInCalendarDays(parseISO(item.dueDate), soon) <= 0);
  if (dueNow.length > 0) {
    const message = `${dueNow.length} ${dueNow.length === 1 ? 'item' : 'items'} due soon`;
    return { status: 'Due Now', message, display: 'On Track' };
  }
  const next = upcoming[0];
  if (next) return { status: 'Upcoming', message: `Next: ${next.careName} in ${formatDate(next.dueDate)}`, display: 'On Track' };
  return { status: 'On Track', message: 'All preventative care is up to date', display: 'On Track' };
}
