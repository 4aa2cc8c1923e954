import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAppointment, createProvider } from '../../testing/factories';
import { fetchOpenApiDocument } from '../../testing/openapi-document';
import { api, useTestApp } from '../../testing/test-app';
import { users } from '../db/schema/index';

const t = useTestApp();

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

/**
 * The file as Mozilla's parser reads it. Nothing is registered with its TimezoneService (reset before each
 * test): a TZID resolves only to the VTIMEZONE the file itself carries, so each conversion below checks that one.
 */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => ({ vevent, event: new ICAL.Event(vevent) }));
  return { calendar, events };
}

async function download(url: string) {
  const response = await api<string>(t.app, 'GET', url);
  expect(response.status, response.body).toBe(200);
  return { ...response, ...parse(response.body) };
}

async function onlyEvent(url: string) {
  const file = await download(url);
  expect(file.events).toHaveLength(1);
  return { ...file, ...file.events[0]! };
}

const setTimeZone = (timeZone: string | null) => t.db.update(users).set({ timeZone }).where(eq(users.id, t.userId));
const iso = (time: ICAL.Time) => time.toJSDate().toISOString();
/** The local wall-clock time a Time says, in its own zone. */
const wall = (time: ICAL.Time) => time.toString();

let providerId: number;
beforeEach(async () => {
  ICAL.TimezoneService.reset();
  providerId = (await createProvider(t.db, t.userId, { name: 'Dr. Ada Park', address: '12 Elm St, Suite 4; Springfield' })).id;
});

describe('GET /api/appointments/{id}/calendar.ics', () => {
  it('is one RFC 5545 event, downloaded as a named attachment that no one caches', async () => {
    const appointment = await createAppointment(t.db, t.userId, providerId, { notes: 'Bring your medication list' });
    const before = Date.now();
    const file = await onlyEvent(`/api/appointments/${appointment.id}/calendar.ics`);
    expect(file.headers['content-type']).toBe(CALENDAR_TYPE);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="appointment-${appointment.id}.ics"`);
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.headers['x-content-type-options']).toBe('nosniff');

    expect(file.calendar.name).toBe('vcalendar');
    expect(file.calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(file.calendar.getFirstPropertyValue('prodid')).toBe('-//HealthAssist//Appointments//EN');
    expect(file.event.uid).toBe(`${appointment.calendarUid}@healthassist`);
    expect(file.event.summary).toBe('Annual Physical with Dr. Ada Park');
    expect(file.event.location).toBe('12 Elm St, Suite 4; Springfield');
    expect(file.event.description).toBe('Bring your medication list');
    expect(file.vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(file.event.sequence).toBe(0);
    // DTSTAMP is when the file was made, in UTC.
    const stamp = file.vevent.getFirstPropertyValue('dtstamp') as ICAL.Time;
    expect(stamp.zone).toBe(ICAL.Timezone.utcTimezone);
    expect(stamp.toJSDate().getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(stamp.toJSDate().getTime()).toBeLessThanOrEqual(Date.now());
    // Lines end in CRLF (RFC 5545 §3.1).
    expect(file.body).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2.0\r\n/);
    expect(file.body.replaceAll('\r\n', '')).not.toContain('\n');
  });

  it('leaves out LOCATION and DESCRIPTION when the provider has no address and there are no notes', async () => {
    const bare = await createProvider(t.db, t.userId, { name: 'Dr. Lee', address: null });
    const appointment = await createAppointment(t.db, t.userId, bare.id, { appointmentType: 'Dental Cleaning', notes: null });
    const { vevent, event } = await onlyEvent(`/api/appointments/${appointment.id}/calendar.ics`);
    expect(event.summary).toBe('Dental Cleaning with Dr. Lee');
    expect(vevent.hasProperty('location')).toBe(false);
    expect(vevent.hasProperty('description')).toBe(false);
  });

  it.each([
    ['scheduled', 'CONFIRMED', 0],
    ['completed', 'CONFIRMED', 1],
    ['cancelled', 'CANCELLED', 1],
  ] as const)('a %s appointment is STATUS:%s, SEQUENCE %i, with the same UID', async (status, expected, sequence) => {
    const appointment = await createAppointment(t.db, t.userId, providerId, { status });
    const { vevent, event } = await onlyEvent(`/api/appointments/${appointment.id}/calendar.ics`);
    expect(vevent.getFirstPropertyValue('status')).toBe(expected);
    expect(event.sequence).toBe(sequence);
    expect(event.uid).toBe(`${appointment.calendarUid}@healthassist`);
  });

  it('keeps one UID per appointment: the same on every download, another for another appointment', async () => {
    const [first, second] = [await createAppointment(t.db, t.userId, providerId), await createAppointment(t.db, t.userId, providerId)];
    const uid = async (id: number) => (await onlyEvent(`/api/appointments/${id}/calendar.ics`)).event.uid;
    const again = await uid(first.id);
    expect(await uid(first.id)).toBe(again);
    expect(await uid(second.id)).not.toBe(again);
  });

  describe('times in the patient’s time zone, with its VTIMEZONE', () => {
    it.each([
      ['America/New_York', '2030-07-01', '2030-07-01T18:30:00.000Z', '2030-07-01T19:30:00.000Z'],
      ['America/New_York', '2030-01-15', '2030-01-15T19:30:00.000Z', '2030-01-15T20:30:00.000Z'],
      ['Europe/Berlin', '2030-07-01', '2030-07-01T12:30:00.000Z', '2030-07-01T13:30:00.000Z'],
      ['Europe/Berlin', '2030-01-15', '2030-01-15T13:30:00.000Z', '2030-01-15T14:30:00.000Z'],
      ['Australia/Sydney', '2030-01-15', '2030-01-15T03:30:00.000Z', '2030-01-15T04:30:00.000Z'],
      // The profile keeps a legacy name as it was sent; TZID and VTIMEZONE both use it.
      ['US/Eastern', '2030-07-01', '2030-07-01T18:30:00.000Z', '2030-07-01T19:30:00.000Z'],
    ])('14:30 in %s on %s is %s to %s', async (timeZone, appointmentDate, start, end) => {
      await setTimeZone(timeZone);
      const appointment = await createAppointment(t.db, t.userId, providerId, { appointmentDate, appointmentTime: '14:30' });
      const { calendar, event, body } = await onlyEvent(`/api/appointments/${appointment.id}/calendar.ics`);
      expect(calendar.getAllSubcomponents('vtimezone').map((zone) => zone.getFirstPropertyValue('tzid'))).toEqual([timeZone]);
      expect(body).toContain(`DTSTART;TZID=${timeZone}:${appointmentDate.replaceAll('-', '')}T143000\r\n`);
      expect(event.startDate.zone.tzid).toBe(timeZone);
      expect([iso(event.startDate), iso(event.endDate)]).toEqual([start, end]);
    });

    it('ends an hour after 23:30 on the next day', async () => {
      await setTimeZone('Europe/Berlin');
      const appointment = await createAppointment(t.db, t.userId, providerId, { appointmentDate: '2030-12-31', appointmentTime: '23:30' });
      const { event } = await onlyEvent(`/api/appointments/${appointment.id}/calendar.ics`);
      expect([wall(event.startDate), wall(event.endDate)]).toEqual(['2030-12-31T23:30:00', '2031-01-01T00:30:00']);
      expect([iso(event.startDate), iso(event.endDate)]).toEqual(['2030-12-31T22:30:00.000Z', '2030-12-31T23:30:00.000Z']);
    });

    it.each([
      ['morning', '08:00', '12:00', '2030-07-01T12:00:00.000Z', '2030-07-01T16:00:00.000Z'],
      ['afternoon', '12:00', '17:00', '2030-07-01T16:00:00.000Z', '2030-07-01T21:00:00.000Z'],
      ['evening', '17:00', '21:00', '2030-07-01T21:00:00.000Z', '2030-07-02T01:00:00.000Z'],
    ])('a %s preference is its part of the day, %s–%s local', async (appointmentTime, from, to, start, end) => {
      await setTimeZone('America/New_York');
      const appointment = await createAppointment(t.db, t.userId, providerId, { appointmentDate: '2030-07-01', appointmentTime });
      const { event } = await onlyEvent(`/api/appointments/${appointment.id}/calendar.ics`);
      expect([wall(event.startDate), wall(event.endDate)]).toEqual([`2030-07-01T${from}:00`, `2030-07-01T${to}:00`]);
      expect([iso(event.startDate), iso(event.endDate)]).toEqual([start, end]);
    });

    it("'any' is an all-day event: a DATE, ending the next day, in no zone", async () => {
      await setTimeZone('America/New_York');
      const appointment = await createAppointment(t.db, t.userId, providerId, { appointmentDate: '2030-12-31', appointmentTime: 'any' });
      const { event, body, calendar } = await onlyEvent(`/api/appointments/${appointment.id}/calendar.ics`);
      expect(body).toContain('DTSTART;VALUE=DATE:20301231\r\n');
      expect(body).toContain('DTEND;VALUE=DATE:20310101\r\n');
      expect([event.startDate.isDate, event.endDate.isDate]).toEqual([true, true]);
      expect([wall(event.startDate), wall(event.endDate)]).toEqual(['2030-12-31', '2031-01-01']);
      expect(calendar.getAllSubcomponents('vtimezone')).toEqual([]);
    });
  });

  describe('without a time zone', () => {
    it.each([
      ['none given', null],
      // Written outside the API (the profile refuses it): treated as none rather than failing.
      ['one the runtime does not know', 'Mars/Olympus_Mons'],
    ])('%s: floating times, the clock time as written, no VTIMEZONE', async (_case, timeZone) => {
      await setTimeZone(timeZone);
      const appointment = await createAppointment(t.db, t.userId, providerId, { appointmentDate: '2030-07-01', appointmentTime: '14:30' });
      const { event, body, calendar } = await onlyEvent(`/api/appointments/${appointment.id}/calendar.ics`);
      expect(body).toContain('DTSTART:20300701T143000\r\n');
      expect(body).toContain('DTEND:20300701T153000\r\n');
      expect(event.startDate.zone).toBe(ICAL.Timezone.localTimezone);
      expect(event.startDate.zone.tzid).toBe('floating');
      expect([wall(event.startDate), wall(event.endDate)]).toEqual(['2030-07-01T14:30:00', '2030-07-01T15:30:00']);
      expect(calendar.getAllSubcomponents('vtimezone')).toEqual([]);
    });
  });

  describe('refusals', () => {
    it('answers 404 for another user’s appointment and for one that does not exist', async () => {
      const otherProvider = await createProvider(t.db, t.otherUserId);
      const theirs = await createAppointment(t.db, t.otherUserId, otherProvider.id);
      for (const id of [theirs.id, 2_147_483_647]) {
        const response = await api(t.app, 'GET', `/api/appointments/${id}/calendar.ics`);
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ message: 'Appointment not found' });
      }
    });

    it.each(['abc', '0', '1.5', '99999999999'])('answers 400 for the id %j', async (id) => {
      const response = await api(t.app, 'GET', `/api/appointments/${id}/calendar.ics`);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: 'id: must be a positive whole number' });
    });
  });
});

describe('GET /api/appointments/{userId}.ics', () => {
  it('holds every scheduled appointment, past ones too, in the list’s order; never cancelled or completed ones', async () => {
    await setTimeZone('Europe/Berlin');
    const make = (appointmentType: string, appointmentDate: string, appointmentTime: string, status = 'scheduled' as const) =>
      createAppointment(t.db, t.userId, providerId, { appointmentType, appointmentDate, appointmentTime, status });
    const scheduled = [
      await make('Later', '2031-03-01', '09:00'),
      await make('Any time', '2030-07-01', 'any'),
      await make('Evening', '2030-07-01', 'evening'),
      await make('Morning', '2030-07-01', 'morning'),
      await make('Clock', '2030-07-01', '07:30'),
      await make('Past', '2020-02-03', '10:00'),
    ];
    await make('Cancelled', '2030-07-01', '10:00', 'cancelled' as never);
    await make('Completed', '2030-07-01', '11:00', 'completed' as never);
    const otherProvider = await createProvider(t.db, t.otherUserId);
    await createAppointment(t.db, t.otherUserId, otherProvider.id, { appointmentType: 'Theirs' });

    const file = await download(`/api/appointments/${t.userId}.ics`);
    expect(file.headers['content-type']).toBe(CALENDAR_TYPE);
    expect(file.headers['content-disposition']).toBe('attachment; filename="appointments.ics"');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(file.calendar.getFirstPropertyValue('prodid')).toBe('-//HealthAssist//Appointments//EN');
    expect(file.events.map(({ event }) => event.summary.replace(' with Dr. Ada Park', ''))).toEqual([
      'Past',
      'Clock',
      'Morning',
      'Evening',
      'Any time',
      'Later',
    ]);
    expect(new Set(file.events.map(({ event }) => event.uid))).toEqual(new Set(scheduled.map((a) => `${a.calendarUid}@healthassist`)));
    expect(file.events.every(({ vevent }) => vevent.getFirstPropertyValue('status') === 'CONFIRMED')).toBe(true);
    // One zone, described over every year with a timed event (2020 to 2031): each converts through it.
    expect(file.calendar.getAllSubcomponents('vtimezone')).toHaveLength(1);
    expect(file.events.map(({ event }) => (event.startDate.isDate ? wall(event.startDate) : iso(event.startDate)))).toEqual([
      '2020-02-03T09:00:00.000Z',
      '2030-07-01T05:30:00.000Z',
      '2030-07-01T06:00:00.000Z',
      '2030-07-01T15:00:00.000Z',
      '2030-07-01',
      '2031-03-01T08:00:00.000Z',
    ]);
  });

  it('gives each appointment the UID of its own file', async () => {
    const appointment = await createAppointment(t.db, t.userId, providerId);
    const single = await onlyEvent(`/api/appointments/${appointment.id}/calendar.ics`);
    const exported = await onlyEvent(`/api/appointments/${t.userId}.ics`);
    expect(exported.event.uid).toBe(single.event.uid);
  });

  it('is an empty calendar when nothing is scheduled', async () => {
    await createAppointment(t.db, t.userId, providerId, { status: 'cancelled' });
    const file = await download(`/api/appointments/${t.userId}.ics`);
    expect(file.events).toEqual([]);
    expect(file.calendar.getFirstPropertyValue('prodid')).toBe('-//HealthAssist//Appointments//EN');
  });

  it('leaves the list at the same path without .ics', async () => {
    await createAppointment(t.db, t.userId, providerId);
    const response = await api(t.app, 'GET', `/api/appointments/${t.userId}`);
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(1);
  });

  it.each([
    ['another user', () => t.otherUserId],
    ['a user that does not exist', () => 2_147_483_647],
  ])('answers 404 for %s', async (_case, userId) => {
    const response = await api(t.app, 'GET', `/api/appointments/${userId()}.ics`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'User not found' });
  });

  it('answers 400 for a malformed user id', async () => {
    const response = await api(t.app, 'GET', '/api/appointments/abc.ics');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'userId: must be a positive whole number' });
  });
});

describe('the OpenAPI document', () => {
  it('describes both files as text/calendar', async () => {
    const document = await fetchOpenApiDocument(t.app);
    for (const path of ['/api/appointments/{id}/calendar.ics', '/api/appointments/{userId}.ics']) {
      const ok = document.paths?.[path]?.get?.responses?.['200'] as { content?: Record<string, unknown> } | undefined;
      expect(Object.keys(ok?.content ?? {}), path).toEqual(['text/calendar']);
    }
  });
});
