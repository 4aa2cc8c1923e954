import { describe, expect, it } from 'vitest';
import {
  PREFERENCE_SORT_TIMES,
  PREFERENCE_SPANS,
  appointmentSortTime,
  appointmentSpan,
  isAhead,
  upcomingAppointments,
} from './appointments';

const appointment = (id: number, status: string, appointmentDate: string, appointmentTime = '10:00') => ({
  id,
  status,
  appointmentDate,
  appointmentTime,
  appointmentType: `Visit ${id}`,
});

describe('isAhead', () => {
  const now = new Date('2026-11-22T18:00:30');
  it.each([
    ['earlier today at a clock time', '2026-11-22', '09:00', false],
    ['this very minute', '2026-11-22', '18:00', false],
    ['later today at a clock time', '2026-11-22', '18:01', true],
    ['tomorrow, earlier in the day', '2026-11-23', '08:00', true],
    ['yesterday, later in the day', '2026-11-21', '23:59', false],
    ['today in the morning (a preference names no hour)', '2026-11-22', 'morning', true],
    ['today, any time', '2026-11-22', 'any', true],
    ['yesterday evening', '2026-11-21', 'evening', false],
    ['tomorrow afternoon', '2026-11-23', 'afternoon', true],
    ['a date-time stored date, later today', '2026-11-22T00:00:00.000Z', '20:00', true],
  ])('%s (%s %s) → %s', (_case, appointmentDate, appointmentTime, expected) => {
    expect(isAhead({ appointmentDate, appointmentTime }, now)).toBe(expected);
  });
});

describe('upcomingAppointments', () => {
  it('keeps scheduled appointments still ahead, soonest first', () => {
    const now = new Date('2026-11-22T18:00:00');
    const result = upcomingAppointments(
      [
        appointment(1, 'scheduled', '2026-12-05'),
        appointment(2, 'scheduled', '2026-11-21'),
        appointment(3, 'completed', '2026-12-01'),
        appointment(4, 'cancelled', '2026-12-02'),
        appointment(5, 'scheduled', '2026-11-22', '09:00'),
        appointment(6, 'Scheduled', '2026-11-30'),
        appointment(7, 'scheduled', '2026-11-22', '19:30'),
        appointment(8, 'scheduled', '2026-11-22', 'morning'),
      ],
      now,
    );
    expect(result.map((a) => a.id)).toEqual([8, 7, 6, 1]);
  });
});

describe('appointmentSortTime', () => {
  it.each([
    ['07:30', '07:30'],
    ['morning', '08:00'],
    ['afternoon', '12:00'],
    ['evening', '17:00'],
    ['any', '24:00'],
    ['23:59', '23:59'],
  ])('sorts %j as %j', (time, expected) => {
    expect(appointmentSortTime(time)).toBe(expected);
  });

  it('orders one day by time of day, a preference where it falls and "any" last', () => {
    const now = new Date('2026-11-22T08:00:00');
    const times = ['evening', 'any', '13:00', 'morning', '07:30', 'afternoon', '18:30', '12:00'];
    const result = upcomingAppointments(
      times.map((time, index) => appointment(index + 1, 'scheduled', '2026-11-23', time)),
      now,
    );
    expect(result.map((a) => a.appointmentTime)).toEqual(['07:30', 'morning', 'afternoon', '12:00', '13:00', 'evening', '18:30', 'any']);
  });
});

describe('appointmentSpan', () => {
  it.each([
    ['a clock time: an hour from it', '14:30', { kind: 'timed', start: '14:30', durationMinutes: 60 }],
    ['a clock time late in the evening: the hour runs past midnight', '23:30', { kind: 'timed', start: '23:30', durationMinutes: 60 }],
    ['midnight', '00:00', { kind: 'timed', start: '00:00', durationMinutes: 60 }],
    ['morning: 08:00–12:00', 'morning', { kind: 'timed', start: '08:00', durationMinutes: 240 }],
    ['afternoon: 12:00–17:00', 'afternoon', { kind: 'timed', start: '12:00', durationMinutes: 300 }],
    ['evening: 17:00–21:00', 'evening', { kind: 'timed', start: '17:00', durationMinutes: 240 }],
    ['any: the whole day', 'any', { kind: 'allDay' }],
    ['a time the app does not know names no hour: the whole day', '9:00 AM', { kind: 'allDay' }],
    ['not a time of day', '24:00', { kind: 'allDay' }],
  ])('%s (%j)', (_case, time, expected) => {
    expect(appointmentSpan(time)).toEqual(expected);
  });

  it('starts each part of the day where the list sorts that preference', () => {
    for (const [preference, span] of Object.entries(PREFERENCE_SPANS)) {
      expect(span.start, preference).toBe(PREFERENCE_SORT_TIMES[preference as keyof typeof PREFERENCE_SPANS]);
    }
  });
});
