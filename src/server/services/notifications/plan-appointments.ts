import { and, between, eq } from 'drizzle-orm';
import { appointmentWords } from '../../../shared/rules/notification-text';
import { appointmentStart, appointmentWindows } from '../../../shared/rules/reminder-times';
import { TIME_PREFERENCES } from '../../../shared/rules/statuses';
import { appointments, providers } from '../../db/schema/index';
import { dayAfter, type Candidate, type PlanContext } from './plan-candidate';

/**
 * The day-before and two-hours-before reminders of the patient's scheduled appointments (cancelled and completed ones
 * have none), from the first day looked at to the day after tomorrow: the latest a day-before reminder due now can be
 * for. One indexed query (appointments_user_date_idx). The occurrence is the start: an appointment moved to another
 * time is reminded again for it, and the old time, no longer in the data, never fires.
 */
export async function appointmentCandidates({ db, patient, timeZone, firstDay, today, now }: PlanContext): Promise<Candidate[]> {
  const rows = await db
    .select({
      id: appointments.id,
      date: appointments.appointmentDate,
      time: appointments.appointmentTime,
      type: appointments.appointmentType,
      providerName: providers.name,
    })
    .from(appointments)
    .innerJoin(providers, eq(providers.id, appointments.providerId))
    .where(and(eq(appointments.userId, patient.id), eq(appointments.status, 'scheduled'), between(appointments.appointmentDate, firstDay, dayAfter(today, 2))))
    // In the index's order: what is written at once is written in a steady order.
    .orderBy(appointments.appointmentDate, appointments.id);
  return rows.flatMap((row) => {
    const start = appointmentStart(row.date, row.time, timeZone);
    // A preference ('morning') names no clock time: the words say the part of the day, not the 08:00 it fires from.
    const preference = TIME_PREFERENCES.find((p) => p === row.time);
    const words = appointmentWords({ start, providerName: row.providerName, type: row.type, preference }, timeZone, now);
    const windows = appointmentWindows(start);
    const subject = `appointment:${row.id}`;
    const occurrence = start.toISOString();
    return [
      { kind: 'appointment-tomorrow' as const, subject, occurrence, window: windows.tomorrow, ...words },
      { kind: 'appointment-soon' as const, subject, occurrence, window: windows.soon, ...words },
    ];
  });
}
