import { useQuery } from '@tanstack/react-query';
import { todayOfPatient } from '../../shared/rules/care';
import { usePatientId } from './patient-id';
import { userQuery } from './api/users';

/**
 * The patient's today, 'yyyy-MM-dd', in their time zone from their profile, as the server reads it (rules/care.ts):
 * the browser's own zone only until the profile has loaded, or when it gives none. `now` fixes the instant for tests.
 */
export function usePatientToday(now?: Date): string {
  const patientId = usePatientId();
  const user = useQuery(userQuery(patientId));
  return todayOfPatient(user.data?.timeZone, now ?? new Date());
}
