import { describe, expect, it } from 'vitest';
import { yearSchedule, type YearCareItem } from './year-view';
import { care, summary, TODAY } from './year-view-test-items';

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
