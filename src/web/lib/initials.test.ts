import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it.each([
    ['Alex Morgan', 'AM'],
    ['  mary ann  van der berg ', 'MB'],
    ['Cher', 'C'],
    ['', '?'],
  ])('%j → %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});
