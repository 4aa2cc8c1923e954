import { describe, expect, it } from 'vitest';
import { percentEncode, removeField, replaceField } from './generated-requests';
import { RawJson, toJsonText } from './odd-values';

describe('the pieces of a generated request', () => {
  it('percent-encodes as encodeURIComponent does, a lone surrogate as its three WTF-8 bytes', () => {
    expect(percentEncode('a b/ü🩺')).toBe(encodeURIComponent('a b/ü🩺'));
    expect(percentEncode('\u0000')).toBe('%00');
    expect(percentEncode('\ud800')).toBe('%ED%A0%80');
  });

  it('breaks, at any depth, the field it is told to, or only text fields', () => {
    const body = { a: 1, b: { c: 'x' }, d: ['y'] };
    expect(replaceField(body, 0, null)).toEqual({ a: null, b: { c: 'x' }, d: ['y'] });
    expect(replaceField(body, 2, null)).toEqual({ a: 1, b: { c: null }, d: ['y'] });
    expect(replaceField(body, 1, '\u0000', 'string')).toEqual({ a: 1, b: { c: 'x' }, d: ['\u0000'] });
    expect(removeField(body, 1)).toEqual({ a: 1, d: ['y'] });
    expect(body).toEqual({ a: 1, b: { c: 'x' }, d: ['y'] });
  });

  it('writes raw JSON inside a body as it is', () => {
    expect(toJsonText({ metadata: new RawJson('[[[]]]'), text: '\ud800' })).toBe('{"metadata":[[[]]],"text":"\\ud800"}');
    expect(toJsonText(new RawJson('{'))).toBe('{');
  });
});
