import { addMonths, format, parseISO } from 'date-fns';
import { CARE_STATUSES, type CareCategory, type CareStatus, type StoredCareStatus } from './statuses';
import { knownTimeZone, todayIn } from './patient';

/**
 * Where a care item stands on the patient's today, most urgent first: the one vocabulary every screen's words come
 * from (CARE_DISPLAY below maps it once to each). 'due-soon' is an open item due within DUE_SOON_MONTHS, the spec's
 * "Due Now".
 */
export const CARE_STANDINGS = ['overdue', 'due-soon', 'upcoming', 'scheduled', 'completed'] as const;
export type CareStanding = (typeof CARE_STANDINGS)[number];

/** Part 2 §4 (docs/product.md#part-2-4): 'Due Now' means due in the next 3 months. */
const DUE_SOON_MONTHS = 3;

const toDay = (date: Date) => format(date, 'yyyy-MM-dd');

/**
 * The patient's today, 'yyyy-MM-dd': the calendar day it is at `now` in their time zone; without one, or with one
 * this runtime does not know, in the zone of the machine (todayIn). Every status, age and "due within" is measured
 * against this day, on the server and in the browser alike.
 */
export function todayOfPatient(timeZone: string | null | undefined, now: Date): string {
  return todayIn(knownTimeZone(timeZone), now);
}

/** The last day that is still due soon: DUE_SOON_MONTHS after today, by the calendar (Nov 30 → Feb 28). */
export function dueSoonUntil(today: string): string {
  return toDay(addMonths(parseISO(today), DUE_SOON_MONTHS));
}

/** A care status written in any case ('Overdue'), or null for a word that is not one. */
export function readCareStatus(text: string): CareStatus | null {
  const lower = text.toLowerCase();
  return CARE_STATUSES.find((status) => status === lower) ?? null;
}

/**
 * The status a care item shows: stored 'upcoming' with its due day before the patient's today reads 'overdue';
 * every other status is shown as stored (a scheduled or completed item is never overdue). Both days are
 * 'yyyy-MM-dd' calendar days, so the comparison is plain text. The server's list states the same rule in SQL.
 */
export function shownCareStatus(status: CareStatus, dueDate: string, today: string): CareStatus {
  return status === 'upcoming' && dueDate < today ? 'overdue' : status;
}

/**
 * The rule: where a care item stands on the patient's today. Its shown status, and an upcoming item due by
 * dueSoonUntil(today) is due soon. `status` may be stored or already shown ('overdue').
 */
export function careStanding(status: CareStatus, dueDate: string, today: string): CareStanding {
  const shown = shownCareStatus(status, dueDate, today);
  return shown === 'upcoming' && dueDate <= dueSoonUntil(today) ? 'due-soon' : shown;
}

/** Care items as shown on the patient's today: each with its status as shownCareStatus reads it. */
export function shownOn<T extends { status: CareStatus; dueDate: string }>(items: readonly T[], today: string): T[] {
  return items.map((item) => ({ ...item, status: shownCareStatus(item.status, item.dueDate, today) }));
}

/** The status a care item stores when a payload names one: 'overdue' is never stored, the date makes it. */
export function storedCareStatus(status: CareStatus): StoredCareStatus {
  return status === 'overdue' ? 'upcoming' : status;
}

/** A colour of part 1 §4 (docs/product.md#part-1-4); web/lib/tones.ts gives each its classes. */
export type Tone = 'green' | 'blue' | 'red' | 'amber' | 'grey';

/** The web Badge's variants that a care status is shown in. */
export type CareBadge = 'destructive' | 'warning' | 'secondary' | 'info' | 'outline';

/** A care status in the words of the badges (part 2 §4 (docs/product.md#part-2-4), and Scheduled for booked care). */
export type CareLabel = 'Overdue' | 'Due Now' | 'Upcoming' | 'Scheduled' | 'Completed';

/** The dashboard card's words (part 1 §4 (docs/product.md#part-1-4)). */
export type CareSummaryStatus = 'Overdue' | 'Due Now' | 'Upcoming' | 'On Track';

interface CareDisplay {
  /** The care list's status (the timelines, their groups and dots): due soon is shown as upcoming there. */
  shown: CareStatus;
  /** Its word on a badge: the Year View's status. */
  label: CareLabel;
  /** Recommended Care's word: booked care reads Upcoming, as it needs no Schedule. */
  recommendation: Exclude<CareLabel, 'Scheduled'>;
  /** The dashboard card's word when this is the most urgent standing of the patient's items. */
  summary: CareSummaryStatus;
  /** The assistant's word in the facts it answers from; overdue in capitals, to stand out to a language model. */
  assistant: string;
  badge: CareBadge;
  /** The status colour (part 1 §4 (docs/product.md#part-1-4)) of care items and of appointments, whose statuses are care words too. */
  tone: Tone;
  /** The timeline dot's colour (part 1 §4 (docs/product.md#part-1-4)). */
  dot: Tone;
}

/**
 * Each standing in each screen's words and colours, mapped once. Badges are those of part 2 §4 (docs/product.md#part-2-4), Scheduled blue ('info') as
 * its status colour; timeline dots are those of part 1 §4 (docs/product.md#part-1-4), where Scheduled is amber.
 */
export const CARE_DISPLAY: Readonly<Record<CareStanding, CareDisplay>> = {
  overdue: { shown: 'overdue', label: 'Overdue', recommendation: 'Overdue', summary: 'Overdue', assistant: 'OVERDUE', badge: 'destructive', tone: 'red', dot: 'red' },
  'due-soon': { shown: 'upcoming', label: 'Due Now', recommendation: 'Due Now', summary: 'Due Now', assistant: 'due soon', badge: 'warning', tone: 'amber', dot: 'grey' },
  upcoming: { shown: 'upcoming', label: 'Upcoming', recommendation: 'Upcoming', summary: 'Upcoming', assistant: 'upcoming', badge: 'secondary', tone: 'amber', dot: 'grey' },
  scheduled: { shown: 'scheduled', label: 'Scheduled', recommendation: 'Upcoming', summary: 'On Track', assistant: 'scheduled', badge: 'info', tone: 'blue', dot: 'amber' },
  completed: { shown: 'completed', label: 'Completed', recommendation: 'Completed', summary: 'On Track', assistant: 'completed', badge: 'outline', tone: 'green', dot: 'green' },
};

/** The badge of a word as a screen shows it: Recommended Care's rows carry only their word. */
export function badgeOfLabel(label: CareLabel): CareBadge {
  // Each word is the label of exactly one standing (care.test.ts checks it).
  return CARE_DISPLAY[CARE_STANDINGS.find((standing) => CARE_DISPLAY[standing].label === label)!].badge;
}

/** Status colours of appointments and care items, case-insensitive; any other word is grey (part 1 §4 (docs/product.md#part-1-4)). */
export function statusTone(status: string): Tone {
  const known = readCareStatus(status);
  return known ? CARE_DISPLAY[known].tone : 'grey';
}

/** Timeline dots: overdue red, scheduled amber, upcoming grey, completed green; any other word grey. */
export function timelineDotTone(status: string): Tone {
  const known = readCareStatus(status);
  return known ? CARE_DISPLAY[known].dot : 'grey';
}

/**
 * When recurring care is due again: `recurringMonths` after the day it was completed, by the calendar
 * (completed Jan 31 every month → due Feb 28, or Feb 29 in a leap year).
 */
export function nextCareDueDate(completedOn: string, recurringMonths: number): string {
  return toDay(addMonths(parseISO(completedOn), recurringMonths));
}

/** A care item's category from its name, when the patient does not choose one: dental/teeth, eye/vision, else primary care. */
export function categoryForCare(careName: string): CareCategory {
  const name = careName.toLowerCase();
  if (name.includes('dental') || name.includes('teeth')) return 'Dental';
  if (name.includes('eye') || name.includes('vision')) return 'Vision';
  return 'Primary Care';
}
