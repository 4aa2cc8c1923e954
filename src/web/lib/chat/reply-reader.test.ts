import { describe, expect, it } from 'vitest';
import { createReplyReader, replyFailed } from './reply-reader';

const meta = (nodeId = 'agent', runIndex = 0) => ({ nodeId, nodeName: 'AI Agent', itemIndex: 0, runIndex, timestamp: 1 });
const line = (type: string, content?: string, nodeId?: string, runIndex?: number) =>
  `${JSON.stringify({ type, ...(content === undefined ? {} : { content }), metadata: meta(nodeId, runIndex) })}\n`;

/** Feeds the pieces in order and returns the texts of the bubbles after each push, and at the end. */
function read(pieces: string[]) {
  const reader = createReplyReader();
  const seen: string[][] = [];
  for (const piece of pieces) if (reader.push(piece)) seen.push(reader.snapshot().bubbles.map((b) => b.text));
  const final = reader.finish();
  return { seen, final, texts: final.bubbles.map((b) => b.text) };
}

describe('createReplyReader: n8n streaming', () => {
  it('appends item pieces of one run into one bubble, as they arrive', () => {
    const { seen, texts, final } = read([line('begin'), line('item', 'Your next '), line('item', 'appointment is…'), line('end')]);
    expect(seen).toEqual([['Your next '], ['Your next appointment is…']]);
    expect(texts).toEqual(['Your next appointment is…']);
    expect(replyFailed(final)).toBe(false);
  });

  it('joins a line cut across pieces, and a piece with several lines', () => {
    const body = line('begin') + line('item', 'Hello') + line('item', ', there') + line('end');
    const cut = [body.slice(0, 7), body.slice(7, 60), body.slice(60, 61), body.slice(61)];
    expect(read(cut).texts).toEqual(['Hello, there']);
    expect(read([body]).texts).toEqual(['Hello, there']);
  });

  it('starts a new bubble for another node or another run', () => {
    const { texts } = read([
      line('begin', undefined, 'agent', 0),
      line('item', 'First run', 'agent', 0),
      line('end', undefined, 'agent', 0),
      line('begin', undefined, 'agent', 1),
      line('item', 'Second run', 'agent', 1),
      line('end', undefined, 'agent', 1),
      line('begin', undefined, 'other', 0),
      line('item', 'Other node', 'other', 0),
    ]);
    expect(texts).toEqual(['First run', 'Second run', 'Other node']);
  });

  it('makes no bubble for an empty piece, but keeps a piece of spaces', () => {
    expect(read([line('item', ''), line('item', 'a'), line('item', ' '), line('item', 'b')]).texts).toEqual(['a b']);
    expect(replyFailed(read([line('begin'), line('item', ''), line('end')]).final)).toBe(true);
  });

  it('marks the reply failed on an error line, keeping what came before', () => {
    const { final, texts } = read([line('begin'), line('item', 'Partial'), line('error', 'Workflow failed')]);
    expect(final.error).toBe('Workflow failed');
    expect(texts).toEqual(['Partial']);
    expect(replyFailed(final)).toBe(true);
    expect(read([`${JSON.stringify({ type: 'error' })}\n`]).final.error).toBe('Unknown error');
  });

  it('reads a last line without a newline, and lines without metadata as one run', () => {
    expect(read([line('item', 'a'), JSON.stringify({ type: 'item', content: 'b' })]).texts).toEqual(['a', 'b']);
    expect(read(['{"type":"item","content":"x"}\n{"type":"item","content":"y"}']).texts).toEqual(['xy']);
  });

  it('shows a stray line of a stream as text at the end', () => {
    expect(read([line('item', 'a'), 'not json\n']).texts).toEqual(['a', 'not json']);
  });
});

describe('createReplyReader: a whole reply', () => {
  it.each([
    ['output', '{"output":"From output"}', 'From output'],
    ['text when there is no output', '{"text":"From text"}', 'From text'],
    ['message when there is neither', '{"message":"From message"}', 'From message'],
    ['output before text', '{"text":"no","output":"yes"}', 'yes'],
    ['text when output is empty', '{"output":"","text":"fallback"}', 'fallback'],
    ['the one item of an array', '[{"output":"Only item"}]', 'Only item'],
    ['a JSON string', '"Just a string"', 'Just a string'],
    ['plain text', 'Plain words\nover two lines', 'Plain words\nover two lines'],
  ])('reads %s', (_case, body, expected) => {
    expect(read([body]).texts).toEqual([expected]);
  });

  it('shows any other object as its pretty-printed JSON', () => {
    expect(read(['{"answer":42,"source":"workflow"}']).texts).toEqual([JSON.stringify({ answer: 42, source: 'workflow' }, null, 2)]);
  });

  it('reads a pretty-printed object cut into pieces only once it is complete', () => {
    const body = JSON.stringify({ output: 'Drink about 8 glasses of water a day.' }, null, 2);
    const { seen, texts } = read([body.slice(0, 10), body.slice(10, 30), body.slice(30)]);
    expect(seen).toEqual([]);
    expect(texts).toEqual(['Drink about 8 glasses of water a day.']);
  });

  it.each([
    ['an empty body', ''],
    ['white space', ' \n '],
    ['an empty object', '{}'],
    ['an empty array', '[]'],
    ['null', 'null'],
  ])('fails on %s', (_case, body) => {
    expect(replyFailed(read([body]).final)).toBe(true);
  });
});
