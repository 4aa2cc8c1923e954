import { describe, expect, it } from 'vitest';
import {
  badgeOfLabel,
  CARE_DISPLAY,
  CARE_STANDINGS,
  careStanding,
  categoryForCare,
  dueSoonUntil,
  nextCareDueDate,
  readCareStatus,
  shownCareStatus,
  statusTone,
  storedCareStatus,
  timelineDotTone,
  todayOfPatient,
} from './care';

describe('todayOfPatient', () => {
  // 10:30 UTC: already the 23rd at UTC+14, still the 21st at UTC−11.
  const now = new Date('2026-11-22T10:30:00Z');
  it.each([
    ['Pacific/Kiritimati', '2026-11-23'],
    ['Pacific/Pago_Pago', '2026-11-21'],
    ['UTC', '2026-11-22'],
  ])('is the calendar day in %s', (zone, expected) => {
    expect(todayOfPatient(zone, now)).toBe(expected);
  });

  it.each([null, undefined, 'Not/AZone'])("is the machine's own day without a zone it knows (%s)", (zone) => {
    const expected = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    expect(todayOfPatient(zone, now)).toBe(expected);
  });
});

describe('dueSoonUntil', () => {
  it.each([
    ['2026-11-23', '2027-02-23'],
    ['2026-11-30', '2027-02-28'],
    ['2027-11-30', '2028-02-29'],
  ])('from %s, due soon up to %s', (today, until) => {
    expect(dueSoonUntil(today)).toBe(until);
  });
});

describe('readCareStatus', () => {
  it.each([
    ['Overdue', 'overdue'],
    ['SCHEDULED', 'scheduled'],
    ['upcoming', 'upcoming'],
    ['completed', 'completed'],
    ['due-soon', null],
    ['cancelled', null],
  ])('%s → %s', (text, status) => {
    expect(readCareStatus(text)).toBe(status);
  });
});

describe('careStanding', () => {
  const today = '2026-11-23';
  it.each([
    ['upcoming, due yesterday', 'upcoming', '2026-11-22', 'overdue'],
    ['overdue as shown', 'overdue', '2026-11-22', 'overdue'],
    ['upcoming, due today', 'upcoming', '2026-11-23', 'due-soon'],
    ['upcoming, due in exactly three months', 'upcoming', '2027-02-23', 'due-soon'],
    ['upcoming, due the day after', 'upcoming', '2027-02-24', 'upcoming'],
    ['scheduled, past due', 'scheduled', '2026-11-01', 'scheduled'],
    ['scheduled, due soon', 'scheduled', '2026-12-01', 'scheduled'],
    ['completed', 'completed', '2026-12-01', 'completed'],
  ] as const)('an item %s stands %s', (_case, status, dueDate, expected) => {
    expect(careStanding(status, dueDate, today)).toBe(expected);
  });
});

describe('CARE_DISPLAY', () => {
  it("gives each standing its own label, so that a label finds its badge: those of part 2 §4 (docs/product.md#part-2-4), and Scheduled blue", () => {
    const labels = CARE_STANDINGS.map((standing) => CARE_DISPLAY[standing].label);
    expect(new Set(labels).size).toBe(CARE_STANDINGS.length);
    expect(labels.map(badgeOfLabel)).toEqual(['destructive', 'warning', 'secondary', 'info', 'outline']);
  });
});

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
