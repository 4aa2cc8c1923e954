import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-depth';

describe('nestsDeeperThan', () => {
  it.each([
    ['{}', 1, false],
    ['{"a":[1]}', 1, true],
    ['{"a":[1]}', 2, false],
    ['[[[]]]', 2, true],
    // Brackets inside strings, escaped quotes included, are text.
    ['{"a":"[[[{{{\\"[[["}', 1, false],
    ['"\\\\"[[', 1, true],
    ['not json {{{', 2, true],
  ])('%s beyond %i levels: %s', (text, limit, expected) => {
    expect(nestsDeeperThan(text, limit)).toBe(expected);
  });

  it('reads 200,000 levels without recursion', () => {
    expect(nestsDeeperThan('['.repeat(200_000) + ']'.repeat(200_000))).toBe(true);
  });
});
