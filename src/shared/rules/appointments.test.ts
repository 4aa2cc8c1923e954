import { describe, expect, it } from 'vitest';
import { upcomingAppointments } from './appointments';

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
