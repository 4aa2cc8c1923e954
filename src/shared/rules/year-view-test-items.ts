// The Year View's tests share these items and readings (year-view*.test.ts).
import { expect } from 'vitest';
import { yearSchedule, type YearAppointment, type YearCareItem, type YearEntry } from './year-view';

export const TODAY = '2026-04-15';

export const care = (overrides: Partial<YearCareItem> = {}): YearCareItem => ({
  id: 1,
  careName: 'Annual Physical',
  dueDate: '2026-09-10',
  status: 'upcoming',
  recurringMonths: null,
  lastCompleted: null,
  notes: null,
  category: 'Primary Care',
  ...overrides,
});

export const appointment = (overrides: Partial<YearAppointment> = {}): YearAppointment => ({
  id: 50,
  providerId: 7,
  appointmentType: 'Dental Cleaning',
  appointmentDate: '2026-05-20',
  appointmentTime: '10:00',
  status: 'scheduled',
  notes: null,
  careItemId: null,
  ...overrides,
});

export const providerName = (id: number) => (id === 7 ? 'Dr. Smile' : null);

/** Every entry of the year as 'Month: service (status, source)', in month and day order. */
export function summary(year: number, items: YearCareItem[], appointments: YearAppointment[] = []): string[] {
  return yearSchedule(year, items, appointments, { today: TODAY }).flatMap((month) =>
    month.entries.map((entry) => `${month.name}: ${entry.service} (${entry.status}, ${entry.source})`),
  );
}

export function only(year: number, items: YearCareItem[], appointments: YearAppointment[] = []): YearEntry {
  const entries = yearSchedule(year, items, appointments, { today: TODAY, providerName }).flatMap((month) => month.entries);
  expect(entries).toHaveLength(1);
  return entries[0]!;
}
