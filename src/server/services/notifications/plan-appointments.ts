import { and, between, eq, inArray } from 'drizzle-orm';
import { appointmentWords } from '../../../shared/rules/notification-text';
import { appointmentStart, appointmentWindows } from '../../../shared/rules/reminder-times';
import { TIME_PREFERENCES } from '../../../shared/rules/statuses';
import type { Database } from '../../db/client';
import { appointments, providers } from '../../db/schema/index';
import { byPatient, dayAfter, daySpan, type Candidate, type PlanContext } from './plan-candidate';

/**
 * The day-before and two-hours-before reminders of the patients' scheduled appointments (cancelled and completed ones
 * have none), from each patient's first day looked at to their day after tomorrow: the latest a day-before reminder
 * due now can be for. One query for all the patients given, through appointments_user_date_idx. The occurrence is the
 * start: an appointment moved to another time is reminded again for it, and the old time, no longer in the data, never
 * fires.
 */
export async function appointmentCandidates(db: Database, contexts: readonly PlanContext[]): Promise<Candidate[]> {
  if (contexts.length === 0) return [];
  const { first } = daySpan(contexts.map((context) => context.firstDay));
  const { last } = daySpan(contexts.map((context) => dayAfter(context.today, 2)));
  const rows = await db
    .select({
      id: appointments.id,
      userId: appointments.userId,
      date: appointments.appointmentDate,
      time: appointments.appointmentTime,
      type: appointments.appointmentType,
      providerName: providers.name,
    })
    .from(appointments)
    .innerJoin(providers, eq(providers.id, appointments.providerId))
    .where(
      and(
        inArray(appointments.userId, contexts.map((context) => context.patientId)),
        eq(appointments.status, 'scheduled'),
        between(appointments.appointmentDate, first, last),
      ),
    )
    // In the index's order: what is written at once is written in a steady order.
    .orderBy(appointments.userId, appointments.appointmentDate, appointments.id);
  const rowsOf = byPatient(rows);
  return contexts.flatMap(({ patientId, timeZone, firstDay, today, now }) => {
    const lastDay = dayAfter(today, 2);
    return (rowsOf.get(patientId) ?? [])
      .filter((row) => row.date >= firstDay && row.date <= lastDay)
      .flatMap((row) => {
        const start = appointmentStart(row.date, row.time, timeZone);
        // A preference ('morning') names no clock time: the words say the part of the day, not the 08:00 it fires from.
        const preference = TIME_PREFERENCES.find((p) => p === row.time);
        const words = appointmentWords({ start, providerName: row.providerName, type: row.type, preference }, timeZone, now);
        const windows = appointmentWindows(start);
        const subject = `appointment:${row.id}`;
        const occurrence = start.toISOString();
        return [
          { patientId, kind: 'appointment-tomorrow' as const, subject, occurrence, window: windows.tomorrow, ...words },
          { patientId, kind: 'appointment-soon' as const, subject, occurrence, window: windows.soon, ...words },
        ];
      });
  });
}
