import { describe, expect, it } from 'vitest';
import { todayOfPatient } from './care';
import { summarizeCare } from './care-summary';

const item = (id: number, status: string, dueDate: string, careName = `Care ${id}`) => ({ id, status, dueDate, careName });

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
    expect(summarizeCare(items, todayOfPatient(null, now))).toEqual(expected);
  });
});
