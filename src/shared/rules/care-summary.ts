import { CARE_DISPLAY, CARE_STANDINGS, careStanding, readCareStatus, type CareStanding, type CareSummaryStatus } from './care';
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
 * The dashboard's care summary (part 1 §4 (docs/product.md#part-1-4)), applied to the patient's own items on their today: the word of the most
 * urgent standing among them (CARE_DISPLAY: scheduled and completed care, or none, is On Track), and its message: the
 * first overdue item; how many are due soon; the next upcoming one; or that all is well. A status that is not a care
 * status counts for nothing.
 */
export function summarizeCare(items: readonly CareItemView[], today: string): CareSummary {
  const standings = items.flatMap((item) => {
    const status = readCareStatus(item.status);
    return status ? [{ item, standing: careStanding(status, item.dueDate, today) }] : [];
  });
  const standing = (wanted: CareStanding) => standings.filter((entry) => entry.standing === wanted).map((entry) => entry.item);
  const mostUrgent = CARE_STANDINGS.find((wanted) => standing(wanted).length > 0);
  const status = mostUrgent ? CARE_DISPLAY[mostUrgent].summary : 'On Track';
  return { status, message: summaryMessage(mostUrgent, standing), display: status === 'Overdue' ? 'Overdue' : 'On Track' };
}

function summaryMessage(mostUrgent: CareStanding | undefined, standing: (wanted: CareStanding) => CareItemView[]): string {
  switch (mostUrgent) {
    case 'overdue':
      return `${standing('overdue')[0]!.careName} is overdue`;
    case 'due-soon': {
      const count = standing('due-soon').length;
      return `${count} ${count === 1 ? 'item' : 'items'} due soon`;
    }
    case 'upcoming': {
      const [next] = standing('upcoming').sort((a, b) => a.dueDate.localeCompare(b.dueDate));
      return `Next: ${next!.careName} in ${formatDate(next!.dueDate)}`;
    }
    default:
      return 'All preventative care is up to date';
  }
}
