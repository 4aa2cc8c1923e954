import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarFile, type CalendarAppointment } from './calendar-file';

const NOW = new Date('2030-01-02T03:04:05.678Z');

const appointment = (overrides: Partial<CalendarAppointment> = {}): CalendarAppointment => ({
  calendarUid: '4f6d2a57-2d55-4a0b-9d8e-0c1f3b7c9a11',
  appointmentType: 'Annual Physical',
  appointmentDate: '2030-07-01',
  appointmentTime: '14:30',
  status: 'scheduled',
  notes: null,
  providerName: 'Dr. Ada Park',
  providerAddress: null,
  ...overrides,
});

/** The one event of a file, as ical.js reads it (its zone from the file's own VTIMEZONE). */
function eventOf(text: string) {
  const [vevent] = new ICAL.Component(ICAL.parse(text) as unknown[]).getAllSubcomponents('vevent');
  return new ICAL.Event(vevent!);
}

const instants = (event: ICAL.Event) => [event.startDate, event.endDate].map((time) => time.toJSDate().toISOString());
const walls = (event: ICAL.Event) => [event.startDate, event.endDate].map((time) => time.toString());

describe('calendarFile', () => {
  it('writes DTSTAMP as the given instant in UTC', () => {
    expect(calendarFile([appointment()], 'Europe/Berlin', NOW)).toContain('DTSTAMP:20300102T030405Z\r\n');
  });

  it('keeps text as it was through escaping: commas, semicolons, backslashes and line breaks', () => {
    const text = calendarFile(
      [appointment({ appointmentType: 'Follow-up; labs, x-ray', providerName: 'Dr. O\\Brien', providerAddress: ' 1 Main St,\nSpringfield ', notes: 'Fast 12h;\nbring list' })],
      null,
      NOW,
    );
    const event = eventOf(text);
    expect(event.summary).toBe('Follow-up; labs, x-ray with Dr. O\\Brien');
    expect(event.location).toBe('1 Main St,\nSpringfield');
    expect(event.description).toBe('Fast 12h;\nbring list');
    // Long lines are folded at 75 octets (RFC 5545 §3.1).
    const long = calendarFile([appointment({ notes: 'ä'.repeat(200) })], null, NOW);
    for (const line of long.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(eventOf(long).description).toBe('ä'.repeat(200));
  });

  it('ends a floating 23:30 at 00:30 the next day', () => {
    const event = eventOf(calendarFile([appointment({ appointmentDate: '2030-12-31', appointmentTime: '23:30' })], null, NOW));
    expect(walls(event)).toEqual(['2030-12-31T23:30:00', '2031-01-01T00:30:00']);
  });

  it('writes times in UTC as UTC, with no VTIMEZONE', () => {
    const text = calendarFile([appointment()], 'UTC', NOW);
    expect(text).toContain('DTSTART:20300701T143000Z\r\n');
    expect(text).not.toContain('VTIMEZONE');
    expect(instants(eventOf(text))).toEqual(['2030-07-01T14:30:00.000Z', '2030-07-01T15:30:00.000Z']);
  });

  it('gives an appointment in the hour the clocks skip its hour after that hour', () => {
    // 02:30 does not happen in New York on 10 March 2030: it is read as 03:30 EDT, and still lasts an hour.
    const event = eventOf(calendarFile([appointment({ appointmentDate: '2030-03-10', appointmentTime: '02:30' })], 'America/New_York', NOW));
    expect(instants(event)).toEqual(['2030-03-10T07:30:00.000Z', '2030-03-10T08:30:00.000Z']);
  });

  it('writes 01:30 on the night the clocks go back as 01:30, ending at 02:30 on the clock', () => {
    // Which of the two 01:30s is meant is the reader's rule (RFC 5545 §3.3.5: the first); the file says 01:30.
    const text = calendarFile([appointment({ appointmentDate: '2030-11-03', appointmentTime: '01:30' })], 'America/New_York', NOW);
    expect(text).toContain('DTSTART;TZID=America/New_York:20301103T013000\r\n');
    expect(text).toContain('DTEND;TZID=America/New_York:20301103T023000\r\n');
  });

  it('is an empty calendar without appointments', () => {
    const calendar = new ICAL.Component(ICAL.parse(calendarFile([], 'Europe/Berlin', NOW)) as unknown[]);
    expect(calendar.getAllSubcomponents()).toEqual([]);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  });
});
