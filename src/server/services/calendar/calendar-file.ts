import { TZDate } from '@date-fns/tz';
import ical, { ICalEventStatus, type ICalEventData } from 'ical-generator';
import { appointmentSpan } from '../../../shared/rules/appointments';
import type { AppointmentStatus } from '../../../shared/rules/statuses';
import { vtimezone } from './vtimezone';

/** One appointment as a calendar needs it. */
export interface CalendarAppointment {
  calendarUid: string;
  appointmentType: string;
  /** 'yyyy-MM-dd', the patient's own calendar day. */
  appointmentDate: string;
  /** 'HH:mm' or a preference ('morning', 'any', …). */
  appointmentTime: string;
  status: AppointmentStatus;
  notes: string | null;
  providerName: string;
  providerAddress: string | null;
}

export const CALENDAR_PRODUCT_ID = '-//HealthAssist//Appointments//EN';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * An RFC 5545 calendar with one VEVENT per appointment. Times are the patient's local times: with a time zone
 * they carry its TZID and the file its VTIMEZONE; without one they are floating, so a calendar shows the clock
 * time as written wherever it is. `now` is each event's DTSTAMP.
 */
export function calendarFile(appointments: readonly CalendarAppointment[], timeZone: string | null, now: Date): string {
  const events = appointments.map((appointment) => eventOf(appointment, timeZone, now));
  const years = events.filter((event) => event.timezone).map((event) => (event.start as TZDate).getFullYear());
  const calendar = ical({
    // ical-generator writes PRODID as '-' and this.
    prodId: CALENDAR_PRODUCT_ID.slice(1),
    // A generator without a calendar-wide zone: each timed event's own zone gets its VTIMEZONE, DTSTAMP stays UTC.
    timezone: {
      name: null,
      generator: (tzid) => vtimezone(tzid, { from: Math.min(...years) - 1, to: Math.max(...years) + 1 }),
    },
    events,
  });
  return calendar.toString();
}

function eventOf(appointment: CalendarAppointment, timeZone: string | null, now: Date): ICalEventData {
  const [year, month, day] = appointment.appointmentDate.slice(0, 10).split('-').map(Number) as [number, number, number];
  const span = appointmentSpan(appointment.appointmentTime);
  const common: Omit<ICalEventData, 'start'> = {
    id: `${appointment.calendarUid}@healthassist`,
    stamp: now,
    // A status changes once (scheduled → cancelled or completed): the changed event is a newer version of it.
    sequence: appointment.status === 'scheduled' ? 0 : 1,
    status: appointment.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    summary: `${appointment.appointmentType} with ${appointment.providerName}`,
    location: appointment.providerAddress?.trim() || null,
    description: appointment.notes?.trim() || null,
  };
  if (span.kind === 'allDay') {
    // DATE values name calendar days, in no zone; ical-generator writes a plain Date's UTC day.
    const start = Date.UTC(year, month - 1, day);
    return { ...common, allDay: true, start: new Date(start), end: new Date(start + DAY) };
  }
  // Wall-clock arithmetic on the local date and time: 23:30 ends at 00:30 the next day, whatever the zone does.
  const [hours, minutes] = span.start.split(':').map(Number) as [number, number];
  const start = new Date(Date.UTC(year, month - 1, day, hours, minutes));
  const end = new Date(start.getTime() + span.durationMinutes * MINUTE);
  // Without a zone, a floating time: ical-generator writes a plain Date's UTC fields, without the Z.
  if (!timeZone) return { ...common, floating: true, start, end };
  const [startInZone, endInZone] = [inZone(start, timeZone), inZone(end, timeZone)];
  // A start in the hour the clocks skip (02:30 on the night summer time begins) is that hour's instant, 03:30:
  // the end would be that same instant, so it is the length later instead.
  const length = span.durationMinutes * MINUTE;
  const endAfterStart = endInZone > startInZone ? endInZone : new TZDate(startInZone.getTime() + length, timeZone);
  return { ...common, timezone: timeZone, start: startInZone, end: endAfterStart };
}

/**
 * The local wall-clock time `wall` (its UTC fields) as a date in the zone: ical-generator writes a TZDate's own
 * local fields, where it would write a plain Date's in the server's zone.
 */
function inZone(wall: Date, timeZone: string): TZDate {
  return TZDate.tz(timeZone, wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate(), wall.getUTCHours(), wall.getUTCMinutes());
}
