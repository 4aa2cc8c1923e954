import { addMonths, differenceInCalendarDays, format, parseISO } from 'date-fns';
import type { CareCategory, CareStatus, StoredCareStatus } from './statuses';
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

/**
 * The status a care item shows: stored 'upcoming' with its due day before the patient's today reads 'overdue';
 * every other status is shown as stored (a scheduled or completed item is never overdue). Both days are
 * 'yyyy-MM-dd' calendar days, so the comparison is plain text. The server's list states the same rule in SQL.
 */
export function shownCareStatus(status: CareStatus, dueDate: string, today: string): CareStatus {
  return status === 'upcoming' && dueDate < today ? 'overdue' : status;
}

/** The status a care item stores when a payload names one: 'overdue' is never stored, the date makes it. */
export function storedCareStatus(status: CareStatus): StoredCareStatus {
  return status === 'overdue' ? 'upcoming' : status;
}

/**
 * When recurring care is due again: `recurringMonths` after the day it was completed, by the calendar
 * (completed Jan 31 every month → due Feb 28, or Feb 29 in a leap year).
 */
export function nextCareDueDate(completedOn: string, recurringMonths: number): string {
  return format(addMonths(parseISO(completedOn), recurringMonths), 'yyyy-MM-dd');
}

/** A care item's category from its name, when the patient does not choose one: dental/teeth, eye/vision, else primary care. */
export function categoryForCare(careName: string): CareCategory {
  const name = careName.toLowerCase();
  if (name.includes('dental') || name.includes('teeth')) return 'Dental';
  if (name.includes('eye') || name.includes('vision')) return 'Vision';
  return 'Primary Care';
}
