import { describe, expect, it } from 'vitest';
import { findUnsafeInput } from './unsafe-input';

/** An object nested `levels` deep, built without recursion: { a: { a: … 1 } }. */
function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < levels; level++) value = { a: value };
  return value;
}

describe('findUnsafeInput', () => {
  it('passes ordinary input, including characters beyond the basic plane and empty text', () => {
    expect(findUnsafeInput({ name: 'Zoë 🩺', list: ['', 'x', 1, null, true], deep: nested(31) })).toBeNull();
    expect(findUnsafeInput(undefined)).toBeNull();
  });

  it.each([
    [{ a: 'x\u0000' }, ['a'], 'must not contain the character U+0000 (NUL)'],
    [{ a: ['ok', 'x\ud800'] }, ['a', 1], 'must be valid Unicode text: it holds half of a surrogate pair (U+D800) without the other half'],
    [{ a: 'x\udfff' }, ['a'], 'must be valid Unicode text: it holds half of a surrogate pair (U+DFFF) without the other half'],
    [{ meta: { 'k\u0000': 1 } }, ['meta'], 'a field name must not contain the character U+0000 (NUL)'],
    ['\u0000', [], 'must not contain the character U+0000 (NUL)'],
  ])('finds %j', (input, path, problem) => {
    expect(findUnsafeInput(input)).toEqual({ path, problem });
  });

  it('reports the first offending value in reading order', () => {
    expect(findUnsafeInput({ first: { inner: '\u0000' }, second: '\u0000' })?.path).toEqual(['first', 'inner']);
  });

  it('refuses nesting deeper than the limit without recursion, even 200,000 levels', () => {
    expect(findUnsafeInput(nested(32))).toBeNull();
    expect(findUnsafeInput(nested(33))).toEqual({ path: ['a'], problem: 'nests deeper than 32 levels' });
    expect(findUnsafeInput({ metadata: nested(200_000) })).toEqual({ path: ['metadata'], problem: 'nests deeper than 32 levels' });
  });
});
