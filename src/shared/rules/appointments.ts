import { format } from 'date-fns';
import { TIME_PREFERENCES, type TimePreference } from './statuses';

export interface AppointmentView {
  id: number;
  appointmentType: string;
  appointmentDate: string;
  appointmentTime: string;
  status: string;
}

/**
 * Where a time preference (Schedule New and the quick dialog may store one instead of a time) falls among the
 * 'HH:mm' times of one day: a morning about 08:00, an afternoon 12:00, an evening 17:00; 'any' comes last.
 */
export const PREFERENCE_SORT_TIMES: Readonly<Record<TimePreference, string>> = {
  morning: '08:00',
  afternoon: '12:00',
  evening: '17:00',
  any: '24:00',
};

/** The 'HH:mm' an appointment time sorts as: itself, or where its preference falls in the day. */
export function appointmentSortTime(time: string): string {
  const preference = TIME_PREFERENCES.find((p) => p === time);
  return preference ? PREFERENCE_SORT_TIMES[preference] : time;
}

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Whether the appointment is still ahead of `now` (part 1 §2 (docs/product.md#part-1-2): "in the future"). An appointment is a local
 * calendar date plus either a clock time ('HH:mm') or a preference ('morning', 'any', …). With a clock time
 * it is ahead until that minute starts; a preference names no hour, so the whole day stays ahead.
 */
export function isAhead(item: Pick<AppointmentView, 'appointmentDate' | 'appointmentTime'>, now: Date): boolean {
  const date = item.appointmentDate.slice(0, 10);
  if (CLOCK_TIME.test(item.appointmentTime)) return `${date}T${item.appointmentTime}` > format(now, "yyyy-MM-dd'T'HH:mm");
  return date >= format(now, 'yyyy-MM-dd');
}

/** The list's order (part 1 §7 (docs/product.md#part-1-7)): by date, then time of day (a preference where it falls), then id. */
export function compareAppointments(
  a: Pick<AppointmentView, 'id' | 'appointmentDate' | 'appointmentTime'>,
  b: Pick<AppointmentView, 'id' | 'appointmentDate' | 'appointmentTime'>,
): number {
  return (
    a.appointmentDate.localeCompare(b.appointmentDate) ||
    appointmentSortTime(a.appointmentTime).localeCompare(appointmentSortTime(b.appointmentTime)) ||
    a.id - b.id
  );
}

/** Scheduled appointments still ahead of `now`, soonest first. Local calendar strings, not instants, are compared. */
export function upcomingAppointments<T extends AppointmentView>(items: readonly T[], now: Date = new Date()): T[] {
  return items
    .filter((item) => item.status.toLowerCase() === 'scheduled' && isAhead(item, now))
    .sort(compareAppointments);
}

/** When an appointment with a clock time ends in a calendar: the app records no length, so one hour. */
export const CLOCK_TIME_MINUTES = 60;

/** The part of the day a time preference stands for in a calendar; 'any' names no part, so it is the whole day. */
export const PREFERENCE_SPANS: Readonly<Record<Exclude<TimePreference, 'any'>, { start: string; end: string }>> = {
  morning: { start: '08:00', end: '12:00' },
  afternoon: { start: '12:00', end: '17:00' },
  evening: { start: '17:00', end: '21:00' },
};

/** What an appointment occupies in a calendar: from a local 'HH:mm' for some minutes, or the whole day. */
export type AppointmentSpan = { kind: 'allDay' } | { kind: 'timed'; start: string; durationMinutes: number };

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * A clock time is an hour from that minute, a preference the part of the day it names; 'any' — and a time this
 * app does not know, which names no hour either — is the whole day.
 */
export function appointmentSpan(time: string): AppointmentSpan {
  if (CLOCK_TIME.test(time)) return { kind: 'timed', start: time, durationMinutes: CLOCK_TIME_MINUTES };
  const span = Object.entries(PREFERENCE_SPANS).find(([preference]) => preference === time)?.[1];
  if (!span) return { kind: 'allDay' };
  return { kind: 'timed', start: span.start, durationMinutes: minutesOf(span.end) - minutesOf(span.start) };
}
