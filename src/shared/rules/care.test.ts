import { describe, expect, it } from 'vitest';
import {
  categoryForCare,
  nextCareDueDate,
  shownCareStatus,
  statusTone,
  storedCareStatus,
  timelineDotTone,
} from './care';

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
