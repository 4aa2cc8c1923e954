import { describe, expect, it } from 'vitest';
import { dueInLabel, groupForTimeline } from './care-timeline';
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
