import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDollars, formatFileSize, formatTime, percentOf } from './formats';

describe('formatDate', () => {
  it.each([
    ['2026-03-04', 'Mar 4, 2026'],
    ['2026-12-31', 'Dec 31, 2026'],
    [new Date(2026, 0, 9, 23, 59), 'Jan 9, 2026'],
  ])('%s → %s', (value, expected) => {
    expect(formatDate(value)).toBe(expected);
  });
});

describe('formatDateTime', () => {
  const now = new Date(2026, 10, 22, 15, 0);
  it.each([
    [new Date(2026, 10, 22, 9, 5), 'Today, 9:05 AM'],
    [new Date(2026, 10, 22, 0, 0), 'Today, 12:00 AM'],
    [new Date(2026, 10, 21, 23, 59), 'Yesterday, 11:59 PM'],
    [new Date(2026, 10, 20, 13, 30), 'Nov 20, 2026 • 1:30 PM'],
    [new Date(2025, 10, 22, 9, 0), 'Nov 22, 2025 • 9:00 AM'],
  ])('%s → %s', (value, expected) => {
    expect(formatDateTime(value, now)).toBe(expected);
  });
});

describe('formatTime', () => {
  it.each([
    ['00:00', '12:00 AM'],
    ['09:30', '9:30 AM'],
    ['12:00', '12:00 PM'],
    ['14:05', '2:05 PM'],
    ['23:59', '11:59 PM'],
    ['afternoon', 'afternoon'],
  ])('%s → %s', (value, expected) => {
    expect(formatTime(value)).toBe(expected);
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 Bytes'],
    [512, '512 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1_234_567, '1.2 MB'],
    [20 * 1024 * 1024, '20 MB'],
    [5 * 1024 ** 3, '5 GB'],
    [2 * 1024 ** 4, '2 TB'],
  ])('%d → %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });
});

describe('percentOf', () => {
  it.each([
    [650, 1500, 43],
    [0, 1500, 0],
    [1500, 1500, 100],
    [5, 0, 0],
    [1, 3, 33],
    [2, 3, 67],
  ])('%d of %d → %d%%', (value, total, expected) => {
    expect(percentOf(value, total)).toBe(expected);
  });
});

describe('formatDollars', () => {
  it.each([
    [0, '$0'],
    [650, '$650'],
    [1500, '$1,500'],
    [100_000_000, '$100,000,000'],
  ])('%s → %s', (amount, expected) => {
    expect(formatDollars(amount)).toBe(expected);
  });
});
