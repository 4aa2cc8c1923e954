import { describe, expect, it } from 'vitest';
import { appointmentTypeChoices, formatAppointmentTime, groupAppointments } from './appointment-display';
import type { AppointmentStatus } from './statuses';

describe('formatAppointmentTime', () => {
  it.each([
    ['09:00', '9:00 AM'],
    ['00:15', '12:15 AM'],
    ['12:00', '12:00 PM'],
    ['14:30', '2:30 PM'],
    ['23:59', '11:59 PM'],
    ['morning', 'Morning'],
    ['afternoon', 'Afternoon'],
    ['evening', 'Evening'],
    ['any', 'Any time'],
  ])('%s reads %s', (time, expected) => {
    expect(formatAppointmentTime(time)).toBe(expected);
  });
});

describe('appointmentTypeChoices', () => {
  it.each([
    ['no appointments yet: the extras, Other last', [], undefined, ['Annual Physical', 'Dental Cleaning', 'Eye Examination', 'Vaccination', 'Other']],
    [
      "the patient's own types first, alphabetically, each once",
      ['Physiotherapy', 'Colonoscopy', 'Physiotherapy'],
      undefined,
      ['Colonoscopy', 'Physiotherapy', 'Annual Physical', 'Dental Cleaning', 'Eye Examination', 'Vaccination', 'Other'],
    ],
    [
      'an own type that is also an extra is listed once, whatever its capitals',
      ['dental cleaning', 'Eye Examination '],
      undefined,
      ['dental cleaning', 'Eye Examination', 'Annual Physical', 'Vaccination', 'Other'],
    ],
    [
      'the care item being booked comes first',
      ['Annual Physical'],
      'Colonoscopy',
      ['Colonoscopy', 'Annual Physical', 'Dental Cleaning', 'Eye Examination', 'Vaccination', 'Other'],
    ],
    ["a type called 'Other' stays the one free-text choice", ['other', 'Other'], undefined, ['Annual Physical', 'Dental Cleaning', 'Eye Examination', 'Vaccination', 'Other']],
  ])('%s', (_case, used, careName, expected) => {
    expect(appointmentTypeChoices(used, careName)).toEqual(expected);
  });
});

describe('groupAppointments', () => {
  const appointment = (id: number, status: AppointmentStatus) => ({ id, status });

  it('puts scheduled ones under upcoming in list order, and the others most recent first', () => {
    const list = [
      appointment(1, 'completed'),
      appointment(2, 'cancelled'),
      appointment(3, 'scheduled'),
      appointment(4, 'completed'),
      appointment(5, 'scheduled'),
      appointment(6, 'cancelled'),
    ];
    expect(groupAppointments(list)).toEqual({
      upcoming: [appointment(3, 'scheduled'), appointment(5, 'scheduled')],
      completed: [appointment(4, 'completed'), appointment(1, 'completed')],
      cancelled: [appointment(6, 'cancelled'), appointment(2, 'cancelled')],
    });
  });

  it('gives three empty sections for no appointments', () => {
    expect(groupAppointments([])).toEqual({ upcoming: [], completed: [], cancelled: [] });
  });
});
