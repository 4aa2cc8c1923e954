import { and, eq, type SQL } from 'drizzle-orm';
import { compareAppointments } from '../../../shared/rules/appointments';
import type { Database } from '../../db/client';
import { appointments, providers } from '../../db/schema/index';
import { foundOr404, ownRow, ownRows, type Patient } from '../../core/patient';
import { patientTimeZone } from '../users';
import { calendarFile, type CalendarAppointment } from './calendar-file';

/** One of the patient's appointments, whatever its status, as a calendar file; another user's is not found. */
export async function appointmentCalendar(db: Database, patient: Patient, id: number, now = new Date()): Promise<string> {
  const appointment = foundOr404(await readAppointments(db, ownRow(appointments, patient, id)), 'Appointment');
  return calendarFile([appointment], await patientTimeZone(db, patient), now);
}

/** Every scheduled appointment of the patient, past ones too, in the list's order: date, then time of day. */
export async function scheduledAppointmentsCalendar(db: Database, patient: Patient, now = new Date()): Promise<string> {
  const scheduled = await readAppointments(db, and(ownRows(appointments, patient), eq(appointments.status, 'scheduled'))!);
  return calendarFile(scheduled.sort(compareAppointments), await patientTimeZone(db, patient), now);
}

function readAppointments(db: Database, where: SQL): Promise<Array<CalendarAppointment & { id: number }>> {
  return db
    .select({
      id: appointments.id,
      calendarUid: appointments.calendarUid,
      appointmentType: appointments.appointmentType,
      appointmentDate: appointments.appointmentDate,
      appointmentTime: appointments.appointmentTime,
      status: appointments.status,
      notes: appointments.notes,
      providerName: providers.name,
      providerAddress: providers.address,
    })
    .from(appointments)
    .innerJoin(providers, eq(providers.id, appointments.providerId))
    .where(where);
}
