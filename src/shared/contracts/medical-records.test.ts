import { describe, expect, it } from 'vitest';
import { filename } from './medical-records';

const CONTROL = 'must not contain path separators or control characters';
const BIDI = 'must not contain invisible text-direction characters';

describe('filename', () => {
  it.each([
    ['lab-report.pdf', 'lab-report.pdf'],
    ['  card.pdf  ', 'card.pdf'],
    ['Befund März.pdf', 'Befund März.pdf'],
    ['تقرير.pdf', 'تقرير.pdf'],
    ['検査結果.png', '検査結果.png'],
    ['x-ray (2).jpg', 'x-ray (2).jpg'],
    // Neighbours of the refused ranges stay allowed: ~, NBSP, é, the zero-width joiner used in emoji.
    ['a~b\u00a0c\u00e9.pdf', 'a~b\u00a0c\u00e9.pdf'],
    ['family\u200d.pdf', 'family\u200d.pdf'],
  ])('accepts %j as %j', (input, expected) => {
    expect(filename.parse(input)).toBe(expected);
  });

  it.each([
    ['a slash', 'a/b.pdf', CONTROL],
    ['a backslash', 'a\\b.pdf', CONTROL],
    ['NUL', 'a\u0000.pdf', CONTROL],
    ['BEL', 'a\u0007.pdf', CONTROL],
    ['a newline', 'a\nb.pdf', CONTROL],
    ['DEL', 'a\u007f.pdf', CONTROL],
    ['the first C1 control', 'a\u0080.pdf', CONTROL],
    ['NEL (C1)', 'a\u0085b.pdf', CONTROL],
    ['CSI (C1)', 'a\u009b.pdf', CONTROL],
    ['the last C1 control', 'a\u009f.pdf', CONTROL],
    ['a line separator', 'a\u2028b.pdf', CONTROL],
    ['a paragraph separator', 'a\u2029b.pdf', CONTROL],
    ['a right-to-left override', 'report\u202efdp.exe', BIDI],
    ['a left-to-right override', 'a\u202db.pdf', BIDI],
    ['a left-to-right embedding', 'a\u202ab.pdf', BIDI],
    ['a right-to-left embedding', 'a\u202bb.pdf', BIDI],
    ['a pop directional formatting', 'a\u202cb.pdf', BIDI],
    ['a left-to-right isolate', 'a\u2066b.pdf', BIDI],
    ['a right-to-left isolate', 'a\u2067b.pdf', BIDI],
    ['a first strong isolate', 'a\u2068b.pdf', BIDI],
    ['a pop directional isolate', 'a\u2069b.pdf', BIDI],
    ['a left-to-right mark', 'a\u200eb.pdf', BIDI],
    ['a right-to-left mark', 'a\u200fb.pdf', BIDI],
    ['an Arabic letter mark', 'a\u061cb.pdf', BIDI],
    ['a mark at the very end', 'scan.pdf\u200f', BIDI],
  ])('refuses %s', (_case, input, message) => {
    const result = filename.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it.each([
    ['an empty name', '', 'is required'],
    ['a blank name', '   ', 'is required'],
    ['a name over 255 characters', `${'a'.repeat(252)}.pdf`, 'must be at most 255 characters'],
    ['a non-string', 42, 'is required'],
  ])('refuses %s', (_case, input, message) => {
    const result = filename.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
