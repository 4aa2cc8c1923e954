import { describe, expect, it } from 'vitest';
import {
  categoryForCare,
  nextCareDueDate,
  overdueDays,
  overdueLabel,
  shownCareStatus,
  sortForTimeline,
  statusTone,
  storedCareStatus,
  summarizeCare,
  timelineDotTone,
} from './care';

const item = (id: number, status: string, dueDate: string, careName = `Care ${id}`) => ({ id, status, dueDate, careName });

describe('statusTone', () => {
  it.each([
    ['completed', 'green'],
    ['Scheduled', 'blue'],
    ['OVERDUE', 'red'],
    ['upcoming', 'amber'],
    ['cancelled', 'grey'],
    ['', 'grey'],
  ])('%s → %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });
});

describe('timelineDotTone', () => {
  it.each([
    ['overdue', 'red'],
    ['scheduled', 'amber'],
    ['upcoming', 'grey'],
    ['completed', 'green'],
  ])('%s → %s', (status, tone) => {
    expect(timelineDotTone(status)).toBe(tone);
  });
});

describe('sortForTimeline', () => {
  it('orders overdue, scheduled, upcoming, completed, then anything else, by due date within each', () => {
    const sorted = sortForTimeline([
      item(1, 'completed', '2026-01-01'),
      item(2, 'upcoming', '2026-09-01'),
      item(3, 'mystery', '2026-01-01'),
      item(4, 'upcoming', '2026-08-01'),
      item(5, 'scheduled', '2026-12-01'),
      item(6, 'Overdue', '2026-10-01'),
    ]);
    expect(sorted.map((i) => i.id)).toEqual([6, 5, 4, 2, 1, 3]);
  });
});

describe('overdueDays', () => {
  it.each([
    ['2026-11-10', new Date('2026-11-22T12:00:00'), 12],
    ['2026-11-22', new Date('2026-11-22T23:00:00'), 0],
    ['2026-11-21', new Date('2026-11-22T00:00:00'), 1],
    ['2026-12-01', new Date('2026-11-22T00:00:00'), 0],
  ])('due %s, now %s → %d days', (dueDate, now, days) => {
    expect(overdueDays(dueDate, now)).toBe(days);
  });
});

describe('overdueLabel', () => {
  it.each([
    [1, 'Overdue by 1 day'],
    [2, 'Overdue by 2 days'],
    [10, 'Overdue by 10 days'],
    [0, 'Overdue by 0 days'],
  ])('%d → %s', (days, label) => {
    expect(overdueLabel(days)).toBe(label);
  });
});

describe('summarizeCare', () => {
  const now = new Date('2026-11-22T12:00:00');
  it.each([
    [
      'an overdue item wins',
      [item(1, 'upcoming', '2026-12-01'), item(2, 'overdue', '2026-11-01', 'Dental Cleaning')],
      { status: 'Overdue', message: 'Dental Cleaning is overdue', display: 'Overdue' },
    ],
    [
      'items due within three months are due now',
      [item(1, 'upcoming', '2026-12-01'), item(2, 'upcoming', '2027-02-10'), item(3, 'upcoming', '2027-06-01')],
      { status: 'Due Now', message: '2 items due soon', display: 'On Track' },
    ],
    [
      'one item due soon reads in the singular',
      [item(1, 'upcoming', '2026-12-01')],
      { status: 'Due Now', message: '1 item due soon', display: 'On Track' },
    ],
    [
      'otherwise the next upcoming one',
      [item(1, 'upcoming', '2027-08-01', 'Colonoscopy'), item(2, 'upcoming', '2027-06-01', 'Cholesterol Screening')],
      { status: 'Upcoming', message: 'Next: Cholesterol Screening in Jun 1, 2027', display: 'On Track' },
    ],
    [
      'scheduled and completed items are on track',
      [item(1, 'scheduled', '2026-12-01'), item(2, 'completed', '2026-01-01')],
      { status: 'On Track', message: 'All preventative care is up to date', display: 'On Track' },
    ],
    ['no items at all', [], { status: 'On Track', message: 'All preventative care is up to date', display: 'On Track' }],
  ])('%s', (_case, items, expected) => {
    expect(summarizeCare(items, now)).toEqual(expected);
  });
});

describe('shownCareStatus', () => {
  const today = '2026-11-23';
  it.each([
    ['upcoming, due yesterday', 'upcoming', '2026-11-22', 'overdue'],
    ['upcoming, due a year ago', 'upcoming', '2025-11-23', 'overdue'],
    ['upcoming, due today', 'upcoming', '2026-11-23', 'upcoming'],
    ['upcoming, due tomorrow', 'upcoming', '2026-11-24', 'upcoming'],
    ['scheduled, due yesterday', 'scheduled', '2026-11-22', 'scheduled'],
    ['completed, due a year ago', 'completed', '2025-11-23', 'completed'],
    ['overdue as sent, due yesterday', 'overdue', '2026-11-22', 'overdue'],
  ] as const)('an item %s shows %s', (_case, status, dueDate, expected) => {
    expect(shownCareStatus(status, dueDate, today)).toBe(expected);
  });
});

describe('storedCareStatus', () => {
  it.each([
    ['overdue', 'upcoming'],
    ['upcoming', 'upcoming'],
    ['scheduled', 'scheduled'],
    ['completed', 'completed'],
  ] as const)('%s is stored as %s', (status, stored) => {
    expect(storedCareStatus(status)).toBe(stored);
  });
});

describe('nextCareDueDate', () => {
  it.each([
    ['2026-03-10', 6, '2026-09-10'],
    ['2026-11-23', 12, '2027-11-23'],
    ['2026-12-15', 1, '2027-01-15'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2028-02-29', 12, '2029-02-28'],
    ['2026-03-29', 24, '2028-03-29'],
    ['2026-10-25', 1, '2026-11-25'],
  ])('completed %s, every %d months → due %s', (completedOn, months, due) => {
    expect(nextCareDueDate(completedOn, months)).toBe(due);
  });
});

describe('categoryForCare', () => {
  it.each([
    ['Dental Cleaning', 'Dental'],
    ['Teeth whitening check', 'Dental'],
    ['Eye Examination', 'Vision'],
    ['VISION screening', 'Vision'],
    ['Blood Pressure Check', 'Primary Care'],
    ['Colonoscopy', 'Primary Care'],
  ] as const)('%s → %s', (name, category) => {
    expect(categoryForCare(name)).toBe(category);
  });
});
