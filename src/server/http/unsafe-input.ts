import { MAX_JSON_DEPTH } from './json-depth';

/**
 * U+0000, and a lone UTF-16 surrogate (U+D800 to U+DFFF not in a pair). PostgreSQL refuses the first in text and
 * jsonb (the request failed with a 500). The second it never sees: node-postgres and PGlite both encode a lone
 * surrogate to UTF-8 as U+FFFD, so the row would silently hold other text than the patient sent (tested on both:
 * 'a\ud800b' is stored as 'a\ufffdb'). Refused alike, so what was accepted is what is stored.
 */
// eslint-disable-next-line no-control-regex -- finding U+0000 is this pattern's purpose
const UNSAFE_CHARACTER = /[\u0000\ud800-\udfff]/u;

export interface UnsafeInput {
  /** Where the value is: ['personalInfo', 'firstName']; empty for the input as a whole. */
  path: (string | number)[];
  problem: string;
}

function problemOf(text: string): string | null {
  const match = UNSAFE_CHARACTER.exec(text);
  if (!match) return null;
  if (match[0] === '\u0000') return 'must not contain the character U+0000 (NUL)';
  const code = match[0].charCodeAt(0).toString(16).toUpperCase();
  return `must be valid Unicode text: it holds half of a surrogate pair (U+${code}) without the other half`;
}

/**
 * The first value in a parsed body, query or path that no route may take: text holding a character above, or
 * arrays and objects nested deeper than MAX_JSON_DEPTH. Walked with a stack of its own, never by recursion, so no
 * input can overflow the call stack; object keys are text too (a chat's metadata goes on to n8n as JSON).
 */
export function findUnsafeInput(input: unknown, maxDepth = MAX_JSON_DEPTH): UnsafeInput | null {
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value: input, path: [] }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      const problem = problemOf(value);
      if (problem) return { path, problem };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    // Named by the field it is in ('metadata'), not by a path 32 keys long.
    if (path.length >= maxDepth) return { path: path.slice(0, 1), problem: `nests deeper than ${maxDepth} levels` };
    const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
    for (const [key] of entries) {
      const problem = typeof key === 'string' ? problemOf(key) : null;
      if (problem) return { path, problem: `a field name ${problem}` };
    }
    // Pushed in reverse, so the first offending value in reading order is the one reported.
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, item] = entries[index]!;
      pending.push({ value: item, path: [...path, key] });
    }
  }
  return null;
}
