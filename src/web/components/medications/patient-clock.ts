import { useQuery } from '@tanstack/react-query';
import { formatDate, formatTime } from '../../../shared/rules/formats';
import { knownTimeZone } from '../../../shared/rules/patient';
import { userQuery } from '../../lib/api/users';
import { usePatientId } from '../../lib/patient-id';

// A dose's times are on the patient's clock: their profile's time zone, or this browser's without one (as
// usePatientToday reads the day). Read with Intl, which every browser has, rather than a time-zone library on the
// dashboard's path.

/** The patient's time zone, or null for this browser's own. */
export function usePatientZone(): string | null {
  const patientId = usePatientId();
  const user = useQuery(userQuery(patientId));
  return knownTimeZone(user.data?.timeZone);
}

const readers = new Map<string, Intl.DateTimeFormat>();

function reader(zone: string | null): Intl.DateTimeFormat {
  const key = zone ?? '';
  let found = readers.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone ?? undefined,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    readers.set(key, found);
  }
  return found;
}

/** The wall clock of an instant in a zone, as the milliseconds of that wall time read as UTC. */
function wallClock(instant: number, zone: string | null): number {
  const parts = Object.fromEntries(reader(zone).formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as the patient's day and clock time: { date: 'yyyy-MM-dd', time: 'HH:mm' }. */
export function clockOf(instant: Date | string, zone: string | null): { date: string; time: string } {
  const wall = new Date(wallClock(new Date(instant).getTime(), zone));
  return {
    date: `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`,
    time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`,
  };
}

/**
 * The instant of a day and clock time on the patient's clock. The zone's offset is read at a first guess and again
 * at the instant it gives, so a time beside a daylight-saving change lands on the right side of it.
 */
export function instantOf(date: string, time: string, zone: string | null): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  const wall = Date.UTC(year!, month! - 1, day!, hours!, minutes!);
  const first = wall - (wallClock(wall, zone) - wall);
  return new Date(wall - (wallClock(first, zone) - first));
}

/** '8:05 AM' on the patient's clock. */
export const clockTimeWords = (instant: Date | string, zone: string | null) => formatTime(clockOf(instant, zone).time);

/** 'Mar 4, 2026, 8:05 AM' on the patient's clock. */
export function clockDateTimeWords(instant: Date | string, zone: string | null): string {
  const { date, time } = clockOf(instant, zone);
  return `${formatDate(date)}, ${formatTime(time)}`;
}
