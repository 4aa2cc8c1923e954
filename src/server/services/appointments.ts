import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { PREFERENCE_SORT_TIMES } from '../../shared/rules/appointments';
import { formatDate } from '../../shared/rules/formats';
import type { Database } from '../db/client';
import { appointments, preventativeCare, providers } from '../db/schema/index';
import { conflict, notFound } from '../http/errors';
import { recordActivity } from './activity-log';
import { findCareItem } from './preventative-care';

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

export function listAppointments(db: Database, userId: number) {
  return db
    .select()
    .from(appointments)
    .where(eq(appointments.userId, userId))
    .orderBy(asc(appointments.appointmentDate), asc(sortTime), asc(appointments.id));
}

export function listProviders(db: Database, userId: number) {
  return db.select().from(providers).where(eq(providers.userId, userId)).orderBy(asc(providers.name), asc(providers.id));
}

export async function scheduleAppointment(db: Database, userId: number, input: NewAppointment) {
  return db.transaction(async (tx) => {
    const [provider] = await tx
      .select({ id: providers.id, name: providers.name })
      .from(providers)
      .where(and(eq(providers.id, input.providerId), eq(providers.userId, userId)));
    if (!provider) throw notFound('Provider not found');
    const careItem = input.careItemId == null ? null : await findCareItem(tx, userId, input.careItemId);

    const [appointment] = await tx
      .insert(appointments)
      .values({
        userId,
        providerId: provider.id,
        appointmentType: input.appointmentType,
        appointmentDate: input.appointmentDate,
        appointmentTime: input.appointmentTime,
        notes: input.notes,
        status: 'scheduled',
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
    await recordActivity(tx, {
      userId,
      activityType: 'appointment_scheduled',
      description: `Scheduled ${appointment.appointmentType} with ${provider.name} on ${formatDate(appointment.appointmentDate)}`,
      iconType: 'calendar_today',
      relatedItemId: appointment.id,
    });
    return appointment;
  });
}

export async function changeAppointmentStatus(
  db: Database,
  userId: number,
  id: number,
  status: 'cancelled' | 'completed',
) {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(appointments)
      .where(and(eq(appointments.id, id), eq(appointments.userId, userId)));
    if (!existing) throw notFound('Appointment not found');
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
    await recordActivity(tx, {
      userId,
      activityType: status === 'cancelled' ? 'appointment_cancelled' : 'appointment_completed',
      description: `${status === 'cancelled' ? 'Cancelled' : 'Completed'} ${appointment.appointmentType} on ${formatDate(appointment.appointmentDate)}`,
      iconType: 'calendar_today',
      relatedItemId: appointment.id,
    });
    return appointment;
  });
}
