import { format, isValid, max, parse, startOfToday } from 'date-fns';

// The contracts carry calendar dates as 'yyyy-MM-dd'; a date picker works with Dates at local midnight.

const CALENDAR_DATE = 'yyyy-MM-dd';

export const toCalendarDate = (date: Date): string => format(date, CALENDAR_DATE);

/** 'yyyy-MM-dd' → that day at local midnight; undefined for '' or anything that is not a real date. */
export function fromCalendarDate(value: string | null | undefined): Date | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = parse(value, CALENDAR_DATE, new Date());
  return isValid(date) ? date : undefined;
}

export interface SelectableWindow {
  /** Days before today cannot be chosen (today can), in the patient's own calendar. */
  disablePast?: boolean;
  /** The first day that can be chosen, 'yyyy-MM-dd'. */
  fromDate?: string;
  /** The last day that can be chosen, 'yyyy-MM-dd'. */
  toDate?: string;
}

/** The first and last day that can be chosen (either may be open); first after last means none can. */
export function selectableRange({ disablePast, fromDate, toDate }: SelectableWindow, today = startOfToday()): { first?: Date; last?: Date } {
  const firsts = [disablePast ? today : undefined, fromCalendarDate(fromDate)].filter((date): date is Date => !!date);
  return { first: firsts.length ? max(firsts) : undefined, last: fromCalendarDate(toDate) };
}
