import { describe, expect, it } from 'vitest';
import { todayOfPatient } from './care';
import { dueInLabel, groupForTimeline, overdueDays, overdueLabel, sortForTimeline } from './care-timeline';
import type { CareStatus } from './statuses';

describe('dueInLabel', () => {
  it.each([
    ['2026-11-24', 'Due today'],
    ['2026-11-20', 'Due today'],
    ['2026-11-25', 'Due in 1 day'],
    ['2026-11-26', 'Due in 2 days'],
    ['2027-11-24', 'Due in 365 days'],
  ])('an item due %s reads %s on 2026-11-24', (dueDate, expected) => {
    expect(dueInLabel(dueDate, '2026-11-24')).toBe(expected);
  });
});

describe('groupForTimeline', () => {
  const item = (id: number, status: CareStatus, dueDate: string, lastCompleted: string | null = null) => ({ id, status, dueDate, lastCompleted });

  it('groups by status, open ones by due date, completed ones most recently completed first', () => {
    const items = [
      item(1, 'upcoming', '2027-03-01'),
      item(2, 'completed', '2026-01-01', '2026-01-10'),
      item(3, 'overdue', '2026-10-01'),
      item(4, 'upcoming', '2027-01-01'),
      item(5, 'completed', '2025-06-01', '2026-05-01'),
      item(6, 'scheduled', '2026-12-01'),
      item(7, 'overdue', '2026-09-01'),
    ];
    const groups = groupForTimeline(items);
    expect(groups.overdue.map((i) => i.id)).toEqual([7, 3]);
    expect(groups.scheduled.map((i) => i.id)).toEqual([6]);
    expect(groups.upcoming.map((i) => i.id)).toEqual([4, 1]);
    expect(groups.completed.map((i) => i.id)).toEqual([5, 2]);
  });
});

describe('sortForTimeline', () => {
  const item = (id: number, status: string, dueDate: string) => ({ id, status, dueDate, careName: `Care ${id}` });

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
    expect(overdueDays(dueDate, todayOfPatient(null, now))).toBe(days);
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
