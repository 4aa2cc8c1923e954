import { CARE_DISPLAY, careStanding, readCareStatus, type CareSummaryStatus } from './care';
import { formatDate } from './formats';

/** The fields the dashboard card reads from a care item. */
export interface CareItemView {
  id: number;
  careName: string;
  dueDate: string;
  status: string;
}

export interface CareSummary {
  status: CareSummaryStatus;
  message: string;
  /** The card shows Overdue only for Overdue; every other state reads On Track. */
  display: 'Overdue' | 'On Track';
}

/**
 * The dashboard's care summary (part 1 §4), applied to the patient's own items on their today: an overdue item
 * wins; else the items due soon ("Due Now", part 2 §4); else the next upcoming one; else all is well. A status that
 * is not a care status counts for nothing.
 */
export function summarizeCare(items: readonly CareItemView[], today: string): CareSummary {
  const standing = (item: CareItemView) => {
    const status = readCareStatus(item.status);
    return status && careStanding(status, item.dueDate, today);
  };
  const overdue = items.find((item) => standing(item) === 'overdue');
  if (overdue) return { status: CARE_DISPLAY.overdue.summary, message: `${overdue.careName} is overdue`, display: 'Overdue' };

  const byDueDate = [...items].sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  const dueSoon = byDueDate.filter((item) => standing(item) === 'due-soon');
  if (dueSoon.length > 0) {
    const message = `${dueSoon.length} ${dueSoon.length === 1 ? 'item' : 'items'} due soon`;
    return { status: CARE_DISPLAY['due-soon'].summary, message, display: 'On Track' };
  }
  const next = byDueDate.find((item) => standing(item) === 'upcoming');
  if (next) return { status: CARE_DISPLAY.upcoming.summary, message: `Next: ${next.careName} in ${formatDate(next.dueDate)}`, display: 'On Track' };
  return { status: 'On Track', message: 'All preventative care is up to date', display: 'On Track' };
}
