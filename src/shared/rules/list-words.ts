// A module of its own, not formats.ts: formats.ts is in the first paint, and only screens loaded later list words.

/** 'a', 'a and b', 'a, b and c' (no comma before 'and', as the screens write lists). */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
