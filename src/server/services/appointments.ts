import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { Appointment } from '../../shared/contracts/appointments';
import { PREFERENCE_SORT_TIMES } from '../../shared/rules/appointments';
import { formatDate } from '../../shared/rules/formats';
import type { Database } from '../db/client';
import { jsonList } from '../db/json-list';
import { appointments, preventativeCare, providers } from '../db/schema/index';
import { foundOr404, ownRow, ownRows, type Patient } from '../core/patient';
import { conflict } from '../core/errors';
import { recordActivity } from './activity-log';
import { completeCareItemByVisit, findCareItem, reopenCareItem } from './preventative-care';
import { patientToday } from './users';

/** Both POST payload shapes, normalised. */
export interface NewAppointment {
  providerId: number;
  appointmentType: string;
  appointmentDate: string;
  appointmentTime: string;
  notes: string | null;
  careItemId?: number | null | undefined;
}

/**
 * appointmentSortTime in SQL: a stored preference ('evening') sorts where it falls in the day, not as a word.
 * Ordering in the query keeps the per-user index serving the filter and the date order.
 */
const sortTime = sql`case ${appointments.appointmentTime} ${sql.raw(
  Object.entries(PREFERENCE_SORT_TIMES)
    .map(([preference, time]) => `when '${preference}' then '${time}'`)
    .join(' '),
)} else ${appointments.appointmentTime} end`;

/** The patient's appointments in the order every list of them follows: by day, then by time of day, then as booked. */
export const appointmentOrder = [asc(appointments.appointmentDate), asc(sortTime), asc(appointments.id)];

const byDateAndTime = jsonList(appointments, Appointment, appointmentOrder);

export function listAppointments(db: Database, patient: Patient) {
  return byDateAndTime.read(db, ownRows(appointments, patient));
}

export async function scheduleAppointment(db: Database, patient: Patient, input: NewAppointment) {
  return db.transaction(async (tx) => {
    const provider = foundOr404(
      await tx
        .select({ id: providers.id, name: providers.name })
        .from(providers)
        .where(ownRow(providers, patient, input.providerId)),
      'Provider',
    );
    const careItem = input.careItemId == null ? null : await findCareItem(tx, patient, input.careItemId);

    const [appointment] = await tx
      .insert(appointments)
      .values({
        userId: patient.id,
        providerId: provider.id,
        appointmentType: input.appointmentType,
        appointmentDate: input.appointmentDate,
        appointmentTime: input.appointmentTime,
        notes: input.notes,
        status: 'scheduled',
        careItemId: careItem?.id ?? null,
      })
      .returning();
    if (!appointment) throw new Error('insert returned no row');
    if (careItem && careItem.status !== 'completed') {
      // The guard keeps an item completed meanwhile by another request completed.
      await tx
        .update(preventativeCare)
        .set({ status: 'scheduled' })
        .where(and(eq(preventativeCare.id, careItem.id), ne(preventativeCare.status, 'completed')));
    }
    await recordActivity(
      tx,
      patient,
      'appointment_scheduled',
      { type: appointment.appointmentType, provider: provider.name, date: formatDate(appointment.appointmentDate) },
      appointment.id,
    );
    return appointment;
  });
}

export async function changeAppointmentStatus(
  db: Database,
  patient: Patient,
  id: number,
  status: 'cancelled' | 'completed',
) {
  return db.transaction(async (tx) => {
    const existing = foundOr404(await tx.select().from(appointments).where(ownRow(appointments, patient, id)), 'Appointment');
    if (existing.status !== 'scheduled') {
      throw conflict(`This appointment is already ${existing.status}; only a scheduled appointment can change`);
    }
    const [appointment] = await tx
      .update(appointments)
      .set({ status })
      // The status guard makes two racing changes safe: the second updates nothing.
      .where(and(eq(appointments.id, id), eq(appointments.status, 'scheduled')))
      .returning();
    if (!appointment) throw conflict('This appointment was changed by another request; reload and try again');
    // The care item the visit was booked for follows it, in this transaction (issue 11).
    if (appointment.careItemId !== null) {
      if (status === 'completed') {
        const today = await patientToday(tx, patient);
        await completeCareItemByVisit(tx, patient, appointment.careItemId, appointment.appointmentDate, today);
      } else {
        await reopenCareItem(tx, patient, appointment.careItemId, appointment.id);
      }
    }
    await recordActivity(
      tx,
      patient,
      status === 'cancelled' ? 'appointment_cancelled' : 'appointment_completed',
      { type: appointment.appointmentType, date: formatDate(appointment.appointmentDate) },
      appointment.id,
    );
    return appointment;
  });
}
