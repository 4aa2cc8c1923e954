/** A Storage stand-in for the unit tests (they run in Node, without localStorage): a map, or one that refuses. */
export function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    map,
  };
}

export const blockedStorage = {
  getItem: (): string | null => {
    throw new DOMException('blocked', 'SecurityError');
  },
  setItem: (): void => {
    throw new DOMException('blocked', 'SecurityError');
  },
};

/** Random bytes that repeat the given values, so ids come out predictable. */
export const repeating =
  (...values: number[]) =>
  (bytes: Uint8Array) =>
    bytes.map((_, i) => values[i % values.length]!);
