import { describe, expect, it } from 'vitest';
import { recurrenceText, yearSchedule, type YearCareItem, type YearEntry } from './year-view';
import { care, only, summary, TODAY } from './year-view-test-items';

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

describe('recurrenceText', () => {
  it.each([
    [1, 'Recurring every month'],
    [3, 'Recurring every 3 months'],
    [12, 'Recurring every 12 months'],
  ])('%i → %s', (months, text) => {
    expect(recurrenceText(months)).toBe(text);
  });
});
