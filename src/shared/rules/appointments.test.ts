import { describe, expect, it } from 'vitest';
import { appointmentSortTime, upcomingAppointments } from './appointments';

const appointment = (id: number, status: string, appointmentDate: string, appointmentTime = '10:00') => ({
  id,
  status,
  appointmentDate,
  appointmentTime,
  appointmentType: `Visit ${id}`,
});

describe('upcomingAppointments', () => {
  it('keeps scheduled appointments from today on, soonest first', () => {
    const now = new Date('2026-11-22T18:00:00');
    const result = upcomingAppointments(
      [
        appointment(1, 'scheduled', '2026-12-05'),
        appointment(2, 'scheduled', '2026-11-21'),
        appointment(3, 'completed', '2026-12-01'),
        appointment(4, 'cancelled', '2026-12-02'),
        appointment(5, 'scheduled', '2026-11-22', '09:00'),
        appointment(6, 'Scheduled', '2026-11-30'),
      ],
      now,
    );
    expect(result.map((a) => a.id)).toEqual([5, 6, 1]);
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
