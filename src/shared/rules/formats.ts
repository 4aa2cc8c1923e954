import { format, isSameDay, parseISO, subDays } from 'date-fns';

// Display formats of part 1 §9 (docs/product.md#part-1-9), as pure functions of their input (and of "now" where it matters).

const toDate = (value: string | Date) => (typeof value === 'string' ? parseISO(value) : value);

/** 'yyyy-MM-dd' or an ISO date-time → 'MMM d, yyyy', read in the local calendar. */
export function formatDate(value: string | Date): string {
  return format(toDate(value), 'MMM d, yyyy');
}

/** 'Today, 3:05 PM', 'Yesterday, 9:00 AM', or 'Mar 4, 2026 • 9:00 AM', in local time. */
export function formatDateTime(value: string | Date, now: Date = new Date()): string {
  const date = toDate(value);
  const time = format(date, 'h:mm a');
  if (isSameDay(date, now)) return `Today, ${time}`;
  if (isSameDay(date, subDays(now, 1))) return `Yesterday, ${time}`;
  return `${format(date, 'MMM d, yyyy')} • ${time}`;
}

/** '14:30' → '2:30 PM'; a preference such as 'afternoon' or anything else passes through unchanged. */
export function formatTime(value: string): string {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  if (!match) return value;
  const hour = Number(match[1]);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${match[2]} ${hour < 12 ? 'AM' : 'PM'}`;
}

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** Base 1024, one decimal: 0 → '0 Bytes', 1536 → '1.5 KB', 20 MiB → '20 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes <= 0) return '0 Bytes';
  const unit = Math.min(SIZE_UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** unit;
  return `${Number.parseFloat(value.toFixed(1))} ${SIZE_UNITS[unit]}`;
}

/** value / total × 100, rounded; 0 when there is no total. */
export function percentOf(value: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((value / total) * 100);
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Whole dollars as the insurance screen shows them: 1500 → '$1,500'. */
export function formatDollars(amount: number): string {
  return dollars.format(amount);
}
