import { describe, expect, it } from 'vitest';
import { yearSchedule, type YearAppointment, type YearCareItem, type YearEntry } from './year-view';
import { appointment, care, only, summary, TODAY } from './year-view-test-items';

describe('yearSchedule: appointments', () => {
  it('shows a scheduled appointment on its day, its category from its type', () => {
    expect(only(2026, [], [appointment()])).toEqual({
      key: 'appointment-50',
      source: 'appointment',
      service: 'Dental Cleaning',
      category: 'Dental',
      status: 'Scheduled',
      badge: 'info',
      description: 'With Dr. Smile on May 20, 2026. Time: 10:00 AM.',
      date: '2026-05-20',
      dueLabel: 'May 2026',
    });
  });

  it.each<[string, Partial<YearAppointment>, Partial<YearEntry>]>([
    ['a completed one is Completed', { status: 'completed' }, { status: 'Completed', badge: 'outline' }],
    ['an unknown provider is left out', { providerId: 8, appointmentTime: 'morning' }, { description: 'On May 20, 2026. Time: Morning.' }],
    ['its notes follow', { notes: 'Bring insurance card' }, { description: 'With Dr. Smile on May 20, 2026. Time: 10:00 AM. Bring insurance card.' }],
    ['an eye exam is Vision', { appointmentType: 'Eye Examination' }, { category: 'Vision' }],
    ['any other type Primary Care', { appointmentType: 'Colonoscopy' }, { category: 'Primary Care' }],
  ])('%s', (_case, overrides, expected) => {
    expect(only(2026, [], [appointment(overrides)])).toMatchObject(expected);
  });

  it.each<[string, YearCareItem[], YearAppointment[], string[]]>([
    ['a cancelled appointment is left out', [], [appointment({ status: 'cancelled' })], []],
    ['an appointment of another year is left out', [], [appointment({ appointmentDate: '2027-01-05' })], []],
    [
      'an appointment for a care item in the same month stands for both',
      [care({ id: 3, careName: 'Teeth Cleaning', status: 'scheduled', dueDate: '2026-05-01', category: 'Specialty Care' })],
      [appointment({ careItemId: 3 })],
      ['May: Dental Cleaning (Scheduled, appointment)'],
    ],
    [
      'a completed appointment and the item it completed, likewise',
      [care({ id: 3, status: 'completed', dueDate: '2026-05-01', lastCompleted: '2026-05-20' })],
      [appointment({ careItemId: 3, status: 'completed' })],
      ['May: Dental Cleaning (Completed, appointment)'],
    ],
    [
      'in different months both show: when it was due and when it is booked',
      [care({ id: 3, careName: 'Dental Cleaning', status: 'scheduled', dueDate: '2026-03-01' })],
      [appointment({ careItemId: 3 })],
      ['March: Dental Cleaning (Scheduled, care)', 'May: Dental Cleaning (Scheduled, appointment)'],
    ],
    [
      'a cancelled appointment stands for nothing',
      [care({ id: 3, careName: 'Dental Cleaning', dueDate: '2026-05-01' })],
      [appointment({ careItemId: 3, status: 'cancelled' })],
      ['May: Dental Cleaning (Due Now, care)'],
    ],
    [
      'a booked round is not projected again',
      [care({ id: 3, careName: 'Dental Cleaning', dueDate: '2026-05-01', recurringMonths: 6 })],
      [appointment({ appointmentType: 'dental cleaning', appointmentDate: '2026-11-04' })],
      ['May: Dental Cleaning (Due Now, care)', 'November: dental cleaning (Scheduled, appointment)'],
    ],
    [
      'nor one booked through the item under another name',
      [care({ id: 3, careName: 'Teeth Cleaning', dueDate: '2026-05-01', recurringMonths: 6 })],
      [appointment({ careItemId: 3, appointmentDate: '2026-11-04' })],
      ['May: Teeth Cleaning (Due Now, care)', 'November: Dental Cleaning (Scheduled, appointment)'],
    ],
    [
      'a month lists its entries by day',
      [care({ id: 1, careName: 'Flu Shot', dueDate: '2026-05-28' }), care({ id: 2, careName: 'Blood Pressure', dueDate: '2026-05-02' })],
      [appointment()],
      ['May: Blood Pressure (Due Now, care)', 'May: Dental Cleaning (Scheduled, appointment)', 'May: Flu Shot (Due Now, care)'],
    ],
  ])('%s', (_case, items, appointments, expected) => {
    expect(summary(2026, items, appointments)).toEqual(expected);
  });

  it('takes the category of the care item it was booked for', () => {
    const entries = yearSchedule(2026, [care({ id: 3, status: 'scheduled', dueDate: '2026-05-01', category: 'Specialty Care' })], [appointment({ careItemId: 3 })], {
      today: TODAY,
    }).flatMap((month) => month.entries);
    expect(entries.map((entry) => entry.category)).toEqual(['Specialty Care']);
  });
});
