import { eq } from 'drizzle-orm';
import { recommendedCare } from '../../shared/rules/recommendations';
import { todayOfPatient } from '../../shared/rules/care';
import type { Database } from '../db/client';
import type { JsonList } from '../db/json-list';
import { users } from '../db/schema/index';
import { foundOr404, type Patient } from '../core/patient';
import { listAppointments } from './appointments';
import { listCareItems } from './preventative-care';
import { readProfileLines } from './profile-lines';
import { listImmunizations } from './health-lists';

/** The rows of a list response, which PostgreSQL wrote as JSON text (db/json-list.ts). */
function rowsOf<Row>(list: JsonList<Row> | readonly Row[]): readonly Row[] {
  return typeof list === 'string' ? (JSON.parse(list) as Row[]) : list;
}

/**
 * Recommended Care for the patient: the guidelines chosen by their age and sex at birth, each with its status from
 * their own care items, appointments and immunizations, as the two lists answer them, on the patient's own day.
 */
export async function listRecommendations(db: Database, patient: Patient) {
  const user = foundOr404(
    await db
      .select({
        dateOfBirth: users.dateOfBirth,
        sexAtBirth: users.sexAtBirth,
        deceased: users.deceased,
        deceasedDate: users.deceasedDate,
        timeZone: users.timeZone,
      })
      .from(users)
      .where(eq(users.id, patient.id)),
    'User',
  );
  const { existingConditions: conditions } = await readProfileLines(db, patient);
  const careItems = rowsOf(await listCareItems(db, patient));
  const appointments = rowsOf(await listAppointments(db, patient));
  const immunizations = rowsOf(await listImmunizations(db, patient));
  // The time zone is read with the rest of the row rather than once more by patientToday; todayOfPatient, like it,
  // takes a zone the runtime does not know (written outside the API) as none instead of failing on it.
  return recommendedCare({ ...user, conditions }, careItems, appointments, todayOfPatient(user.timeZone, new Date()), immunizations);
}
