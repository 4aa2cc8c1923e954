import { useQuery } from '@tanstack/react-query';
import { formatDate, formatTime } from '../../../shared/rules/formats';
import { clockIn, knownTimeZone } from '../../../shared/rules/patient';
import { userQuery } from '../../lib/api/users';
import { usePatientId } from '../../lib/patient-id';

// A dose's times are on the patient's clock: their profile's time zone, or this browser's without one (as
// usePatientToday reads the day), read and made by the same rules as the server's (rules/patient.ts clockIn,
// rules/medication-schedule.ts localInstant), so a dose the browser files is the one the server derives.

/** The patient's time zone, or null for this browser's own. */
export function usePatientZone(): string | null {
  const patientId = usePatientId();
  const user = useQuery(userQuery(patientId));
  return knownTimeZone(user.data?.timeZone);
}

/** An instant (a Date, or ISO text as the API sends it) as the patient's day and clock time: { date, time: 'HH:mm' }. */
export const clockOf = (instant: Date | string, zone: string | null) => clockIn(zone, new Date(instant));

/** '8:05 AM' on the patient's clock. */
export const clockTimeWords = (instant: Date | string, zone: string | null) => formatTime(clockOf(instant, zone).time);

/** 'Mar 4, 2026, 8:05 AM' on the patient's clock. */
export function clockDateTimeWords(instant: Date | string, zone: string | null): string {
  const { date, time } = clockOf(instant, zone);
  return `${formatDate(date)}, ${formatTime(time)}`;
}
