import { describe, expect, it } from 'vitest';
import { caretAtEdge, NOT_RECALLING, recall, type RecallState } from './input-history';

const history = ['first', 'second', 'third'];

/** Presses the keys in order from the draft and returns the input's text after each. */
function press(keys: ('ArrowUp' | 'ArrowDown')[], draft = 'typing…') {
  let state: RecallState = NOT_RECALLING;
  let value = draft;
  const shown: string[] = [];
  for (const key of keys) {
    const next = recall(history, state, key, value);
    if (next) ({ state, value } = next);
    shown.push(value);
  }
  return shown;
}

describe('recall', () => {
  it('goes back through the earlier inputs, newest first, and stops at the oldest', () => {
    expect(press(['ArrowUp', 'ArrowUp', 'ArrowUp', 'ArrowUp'])).toEqual(['third', 'second', 'first', 'first']);
  });

  it('comes forward again and ends on the draft that was being typed', () => {
    expect(press(['ArrowUp', 'ArrowUp', 'ArrowDown', 'ArrowDown', 'ArrowDown'])).toEqual(['third', 'second', 'third', 'typing…', 'typing…']);
  });

  it('does nothing without earlier inputs, or on Down from the draft', () => {
    expect(recall([], NOT_RECALLING, 'ArrowUp', 'x')).toBeNull();
    expect(recall(history, NOT_RECALLING, 'ArrowDown', 'x')).toBeNull();
  });
});

describe('caretAtEdge', () => {
  const text = 'line one\nline two';
  it.each([
    ['Up on the first line', 4, 4, 'ArrowUp', true],
    ['Up on the second line', 12, 12, 'ArrowUp', false],
    ['Down on the last line', 12, 12, 'ArrowDown', true],
    ['Down on the first line', 4, 4, 'ArrowDown', false],
    ['Up with text selected', 0, 4, 'ArrowUp', false],
  ] as const)('%s → %s', (_case, start, end, key, expected) => {
    expect(caretAtEdge(text, start, end, key)).toBe(expected);
  });

  it('is at both edges in a one-line input', () => {
    expect(caretAtEdge('hello', 2, 2, 'ArrowUp')).toBe(true);
    expect(caretAtEdge('hello', 2, 2, 'ArrowDown')).toBe(true);
    expect(caretAtEdge('', 0, 0, 'ArrowUp')).toBe(true);
  });
});
