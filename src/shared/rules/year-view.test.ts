import { describe, expect, it } from 'vitest';
import { recurrenceText, yearSchedule, type YearAppointment, type YearCareItem, type YearEntry } from './year-view';

const TODAY = '2026-04-15';

const care = (overrides: Partial<YearCareItem> = {}): YearCareItem => ({
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

const appointment = (overrides: Partial<YearAppointment> = {}): YearAppointment => ({
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

const providerName = (id: number) => (id === 7 ? 'Dr. Smile' : null);

/** Every entry of the year as 'Month: service (status, source)', in month and day order. */
function summary(year: number, items: YearCareItem[], appointments: YearAppointment[] = []): string[] {
  return yearSchedule(year, items, appointments, { today: TODAY }).flatMap((month) =>
    month.entries.map((entry) => `${month.name}: ${entry.service} (${entry.status}, ${entry.source})`),
  );
}

function only(year: number, items: YearCareItem[], appointments: YearAppointment[] = []): YearEntry {
  const entries = yearSchedule(year, items, appointments, { today: TODAY, providerName }).flatMap((month) => month.entries);
  expect(entries).toHaveLength(1);
  return entries[0]!;
}

describe('yearSchedule: the months', () => {
  it('has twelve months, January to December, empty without care', () => {
    const months = yearSchedule(2026, [], [], { today: TODAY });
    expect(months.map((month) => month.name)).toEqual([
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ]);
    expect(months.map((month) => month.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(months.every((month) => month.entries.length === 0)).toBe(true);
  });

  it.each([
    ['the current year marks the current month', 2026, ['April']],
    ['another year marks none', 2027, []],
    ['a past year marks none', 2025, []],
  ])('%s', (_case, year, current) => {
    expect(yearSchedule(year, [], [], { today: TODAY }).filter((month) => month.isCurrent).map((month) => month.name)).toEqual(current);
  });
});

describe('yearSchedule: care items', () => {
  it.each<[string, Partial<YearCareItem>, Pick<YearEntry, 'status' | 'badge'>]>([
    ['an upcoming item more than 3 months ahead is Upcoming', { dueDate: '2026-09-10' }, { status: 'Upcoming', badge: 'secondary' }],
    ['one due exactly 3 months from today is Due Now', { dueDate: '2026-07-15' }, { status: 'Due Now', badge: 'warning' }],
    ['one due the day after is Upcoming', { dueDate: '2026-07-16' }, { status: 'Upcoming', badge: 'secondary' }],
    ['one due today is Due Now', { dueDate: TODAY }, { status: 'Due Now', badge: 'warning' }],
    ['the server’s overdue is Overdue', { status: 'overdue', dueDate: '2026-02-01' }, { status: 'Overdue', badge: 'destructive' }],
    ['an upcoming item due before today is Overdue too', { dueDate: '2026-04-14' }, { status: 'Overdue', badge: 'destructive' }],
    ['a scheduled item is Scheduled, in blue', { status: 'scheduled', dueDate: '2026-05-01' }, { status: 'Scheduled', badge: 'info' }],
    ['a completed item is Completed, outlined', { status: 'completed', lastCompleted: '2026-02-03' }, { status: 'Completed', badge: 'outline' }],
  ])('%s', (_case, overrides, expected) => {
    expect(only(2026, [care(overrides)])).toMatchObject(expected);
  });

  it.each<[string, Partial<YearCareItem>, string, string]>([
    ['an open item sits in the month it is due', { dueDate: '2026-09-10' }, 'September', 'September 2026'],
    ['a completed item in the month it was done', { status: 'completed', dueDate: '2026-01-10', lastCompleted: '2026-02-03' }, 'February', 'January 2026'],
    ['a completed item done on no known day in the month it was due', { status: 'completed', dueDate: '2026-01-10' }, 'January', 'January 2026'],
  ])('%s', (_case, overrides, month, dueLabel) => {
    const months = yearSchedule(2026, [care(overrides)], [], { today: TODAY });
    const found = months.find((m) => m.entries.length > 0);
    expect(found?.name).toBe(month);
    expect(found?.entries[0]).toMatchObject({ key: 'care-1', source: 'care', service: 'Annual Physical', dueLabel });
  });

  it('leaves out items of other years', () => {
    expect(summary(2026, [care({ dueDate: '2025-12-31' }), care({ id: 2, dueDate: '2027-01-01' })])).toEqual([]);
  });

  it.each<[string, Partial<YearCareItem>, string]>([
    ['the category the item carries', { careName: 'Skin Check', category: 'Specialty Care' }, 'Specialty Care'],
    ['without one, the category its name suggests', { careName: 'Eye Exam', category: undefined }, 'Vision'],
    ['and Primary Care for any other name', { careName: 'Flu Shot', category: undefined }, 'Primary Care'],
  ])('%s', (_case, overrides, category) => {
    expect(only(2026, [care(overrides)]).category).toBe(category);
  });

  it.each<[string, Partial<YearCareItem>, string]>([
    ['notes, then the recurrence', { notes: 'Fasting bloodwork', recurringMonths: 12 }, 'Fasting bloodwork. Recurring every 12 months.'],
    ['notes that end a sentence keep their own stop', { notes: 'Bring your glasses!', recurringMonths: 1 }, 'Bring your glasses! Recurring every month.'],
    ['the recurrence alone', { recurringMonths: 24 }, 'Recurring every 24 months.'],
    ['a one-time item without notes', {}, 'One-time care.'],
    ['a one-time item with notes', { notes: 'Ask about the shingles vaccine' }, 'Ask about the shingles vaccine.'],
    [
      'a completed item says when',
      { status: 'completed', lastCompleted: '2026-02-03', recurringMonths: 12 },
      'Completed on Feb 3, 2026. Recurring every 12 months.',
    ],
  ])('description: %s', (_case, overrides, description) => {
    // Recurring items also project later rounds; 2026's only entry of the item is the item itself when due in September.
    const entries = yearSchedule(2026, [care(overrides)], [], { today: TODAY }).flatMap((month) => month.entries);
    expect(entries.find((entry) => entry.source === 'care')?.description).toBe(description);
  });
});

describe('yearSchedule: recurring care projected forward', () => {
  it.each<[string, YearCareItem[], number, string[]]>([
    ['a yearly item shows its next round the next year', [care({ dueDate: '2026-03-10', status: 'overdue', recurringMonths: 12 })], 2027, ['March: Annual Physical (Upcoming, projected)']],
    ['and the round after that the year after', [care({ dueDate: '2026-03-10', status: 'overdue', recurringMonths: 12 })], 2028, ['March: Annual Physical (Upcoming, projected)']],
    ['and still one round a year far ahead', [care({ dueDate: '2026-03-10', recurringMonths: 12 })], 2100, ['March: Annual Physical (Upcoming, projected)']],
    [
      'a quarterly item its later rounds in the same year',
      [care({ dueDate: '2026-05-01', recurringMonths: 3 })],
      2026,
      ['May: Annual Physical (Due Now, care)', 'August: Annual Physical (Upcoming, projected)', 'November: Annual Physical (Upcoming, projected)'],
    ],
    ['every 24 months skips a year', [care({ dueDate: '2026-06-01', recurringMonths: 24 })], 2027, []],
    ['every 24 months, the year after', [care({ dueDate: '2026-06-01', recurringMonths: 24 })], 2028, ['June: Annual Physical (Upcoming, projected)']],
    ['an item that does not recur projects nothing', [care({ dueDate: '2026-03-10' })], 2027, []],
    [
      'rounds before today are not projected',
      [care({ dueDate: '2026-01-10', status: 'overdue', recurringMonths: 1 })],
      2026,
      [
        'January: Annual Physical (Overdue, care)',
        'May: Annual Physical (Upcoming, projected)',
        'June: Annual Physical (Upcoming, projected)',
        'July: Annual Physical (Upcoming, projected)',
        'August: Annual Physical (Upcoming, projected)',
        'September: Annual Physical (Upcoming, projected)',
        'October: Annual Physical (Upcoming, projected)',
        'November: Annual Physical (Upcoming, projected)',
        'December: Annual Physical (Upcoming, projected)',
      ],
    ],
    ['nor in a past year', [care({ dueDate: '2024-03-10', status: 'overdue', recurringMonths: 12 })], 2025, []],
    [
      'a completed item with no next round yet projects from the day it was done',
      [care({ status: 'completed', dueDate: '2026-01-10', lastCompleted: '2026-02-03', recurringMonths: 6 })],
      2026,
      ['February: Annual Physical (Completed, care)', 'August: Annual Physical (Upcoming, projected)'],
    ],
    [
      'a completed item whose next round is open projects only from that round',
      [
        care({ id: 1, status: 'completed', dueDate: '2026-01-10', lastCompleted: '2026-02-03', recurringMonths: 6 }),
        care({ id: 2, careName: 'annual physical ', dueDate: '2026-08-03', recurringMonths: 6 }),
      ],
      2026,
      ['February: Annual Physical (Completed, care)', 'August: annual physical  (Upcoming, care)'],
    ],
    [
      'of two open items of a name, the later one continues',
      [care({ id: 1, dueDate: '2026-06-01', recurringMonths: 6 }), care({ id: 2, dueDate: '2026-09-01', recurringMonths: 6 })],
      2027,
      ['March: Annual Physical (Upcoming, projected)', 'September: Annual Physical (Upcoming, projected)'],
    ],
    [
      'of two completed items of a name, the later one continues',
      [
        care({ id: 1, status: 'completed', dueDate: '2025-01-10', lastCompleted: '2025-01-10', recurringMonths: 12 }),
        care({ id: 2, status: 'completed', dueDate: '2026-01-10', lastCompleted: '2026-02-01', recurringMonths: 12 }),
      ],
      2027,
      ['February: Annual Physical (Upcoming, projected)'],
    ],
    [
      'a monthly item from the 31st keeps to the calendar without drifting',
      [care({ status: 'completed', dueDate: '2026-05-31', lastCompleted: '2026-05-31', recurringMonths: 1 })],
      2026,
      [
        'May: Annual Physical (Completed, care)',
        'June: Annual Physical (Upcoming, projected)',
        'July: Annual Physical (Upcoming, projected)',
        'August: Annual Physical (Upcoming, projected)',
        'September: Annual Physical (Upcoming, projected)',
        'October: Annual Physical (Upcoming, projected)',
        'November: Annual Physical (Upcoming, projected)',
        'December: Annual Physical (Upcoming, projected)',
      ],
    ],
  ])('%s', (_case, items, year, expected) => {
    expect(summary(year, items)).toEqual(expected);
  });

  it('projected rounds fall on the calendar day, say they are projected and when they are due', () => {
    const months = yearSchedule(2026, [care({ status: 'completed', dueDate: '2026-05-31', lastCompleted: '2026-05-31', recurringMonths: 1 })], [], {
      today: TODAY,
    });
    const projected = months.flatMap((month) => month.entries).filter((entry) => entry.source === 'projected');
    expect(projected.slice(0, 3).map((entry) => entry.date)).toEqual(['2026-06-30', '2026-07-31', '2026-08-31']);
    expect(projected[0]).toMatchObject({
      key: 'projected-1-2026-06-30',
      service: 'Annual Physical',
      category: 'Primary Care',
      badge: 'secondary',
      description: 'Projected from your schedule. Recurring every month.',
      dueLabel: 'June 2026',
    });
  });
});

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

describe('recurrenceText', () => {
  it.each([
    [1, 'Recurring every month'],
    [3, 'Recurring every 3 months'],
    [12, 'Recurring every 12 months'],
  ])('%i → %s', (months, text) => {
    expect(recurrenceText(months)).toBe(text);
  });
});
