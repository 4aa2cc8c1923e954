import fc from 'fast-check';

/** JSON text sent as it is, where JSON.stringify could not write it (nesting 150,000 deep) or would fix it. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON.stringify, with any RawJson inside written as its own text. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (!(item instanceof RawJson)) return item;
    raws.push(item.text);
    return `\u0000raw${raws.length - 1}\u0000`;
  });
  return text === undefined ? 'null' : text.replace(/"\\u0000raw(\d+)\\u0000"/g, (_, index: string) => raws[Number(index)]!);
}

/** Text a careless or hostile client sends: NUL, lone surrogates, very long, unusual Unicode, keywords, numbers. */
export const ODD_STRINGS: readonly string[] = [
  '', ' ', '\t\n ', '\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\udc00\ud800', '🩺', 'Zoë Ñandú', 'שלום', '\u200b', '\ufeff',
  '\u202e', 'e\u0301', '__proto__', 'constructor', 'prototype', 'toString', 'null', 'undefined', 'true', 'NaN', 'Infinity',
  '0', '-1', '1e3', '0x10', '2147483648', '9007199254740993', '1.5', '2026-02-30', '0000-00-00', '9999-12-31',
  '2026-01-01T25:00:00Z', "'; drop table users; --", '<script>alert(1)</script>', '%00', '../../etc/passwd',
  'data:application/pdf;base64,', 'data:text/html;base64,PGgxPg==', 'x'.repeat(201), 'x'.repeat(4001), 'é'.repeat(70_000),
];

/** A path id or query value before percent-encoding: numbers written oddly, signs, words, NUL, nothing. */
export const ODD_ID_TEXTS: readonly string[] = [
  '0', '-1', '00', '01', '1e3', '1.0', '+1', ' 1', '0x1', '2147483647', '2147483648', '99999999999', '9007199254740993',
  'NaN', 'abc', '', '\u0000', '1\u0000', '\ud800', '🩺', ' ', '/', '..', '__proto__', 'constructor',
];

export const oddNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 1.5, 2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, 5e-324),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** The characters no database text can hold as sent: often enough that every text field meets them in a run. */
export const UNSTORABLE_STRINGS: readonly string[] = ['\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\udc00\ud800'];

export const oddString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...UNSTORABLE_STRINGS) },
  { weight: 4, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

/** Any JSON value of any type: what a field of the wrong type holds. */
export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: oddString },
  { weight: 2, arbitrary: oddNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], ['\u0000'], { a: '\ud800' }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(new RawJson(`${'{"a":'.repeat(150_000)}1${'}'.repeat(150_000)}`), new RawJson(`${'['.repeat(40)}${']'.repeat(40)}`)) },
);

/** Bodies that are not an object, or not JSON at all: sent as they are with Content-Type: application/json. */
export const ODD_BODIES: readonly RawJson[] = [
  'null', '[]', '[{}]', '"text"', '0', 'true', '{}', '', '{', '{"a":1,}', "{'a':1}",
  '{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}',
  `{"metadata":${'{"a":'.repeat(150_000)}1${'}'.repeat(150_000)}}`,
].map((text) => new RawJson(text));
