import { describe, expect, it } from 'vitest';
import { EventStreamParser } from './openai-compatible';

describe('EventStreamParser', () => {
  const stream = [': comment', 'data: {"a":1}', '', 'data: first line', 'data:second line', 'id: 7', '', 'data', '', 'data: [DONE]', ''];
  const expected = ['{"a":1}', 'first line\nsecond line', '', '[DONE]'];

  it.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['CR', '\r'],
  ])('gives the same data whichever character the stream is cut after (%s)', (_name, lineEnding) => {
    const text = stream.join(lineEnding) + lineEnding;
    for (let cut = 0; cut <= text.length; cut += 1) {
      const parser = new EventStreamParser();
      const data = [...parser.push(text.slice(0, cut)), ...parser.push(text.slice(cut)), ...parser.end()];
      expect(data, `cut after ${cut} characters`).toEqual(expected);
    }
  });

  it('gives the data of a last event that has no blank line after it', () => {
    const parser = new EventStreamParser();
    expect(parser.push('data: last')).toEqual([]);
    expect(parser.end()).toEqual(['last']);
  });
});
