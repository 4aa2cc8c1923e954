import { format, parseISO } from 'date-fns';

/** 'yyyy-MM-dd' or an ISO date-time → 'MMM d, yyyy' (part 1 §9), read in the local calendar. */
export function formatDate(value: string | Date): string {
  return format(typeof value === 'string' ? parseISO(value) : value, 'MMM d, yyyy');
}
