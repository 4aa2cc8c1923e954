/**
 * Arrow Up / Arrow Down in a chat's input recall what the patient sent earlier in the session, like a shell:
 * Up goes back one message, Down forward, and Down past the newest brings back what they were typing (the draft).
 * `index` counts back from the newest earlier input; -1 is the draft.
 */
export interface RecallState {
  index: number;
  draft: string;
}

export const NOT_RECALLING: RecallState = { index: -1, draft: '' };

/** The next state and the text to put in the input, or null when the key has nothing to recall. */
export function recall(
  history: readonly string[],
  state: RecallState,
  key: 'ArrowUp' | 'ArrowDown',
  currentValue: string,
): { state: RecallState; value: string } | null {
  if (key === 'ArrowUp') {
    if (state.index >= history.length - 1) return null;
    const index = state.index + 1;
    const draft = state.index === -1 ? currentValue : state.draft;
    return { state: { index, draft }, value: history[history.length - 1 - index]! };
  }
  if (state.index === -1) return null;
  const index = state.index - 1;
  return { state: { index, draft: state.draft }, value: index === -1 ? state.draft : history[history.length - 1 - index]! };
}

/**
 * Whether an arrow key should recall rather than move the caret: only with no text selected, and with the caret
 * on the first line (Up) or the last line (Down) of what is typed — inside a longer message the arrows still move.
 */
export function caretAtEdge(value: string, selectionStart: number, selectionEnd: number, key: 'ArrowUp' | 'ArrowDown'): boolean {
  if (selectionStart !== selectionEnd) return false;
  return key === 'ArrowUp' ? !value.slice(0, selectionStart).includes('\n') : !value.slice(selectionEnd).includes('\n');
}
