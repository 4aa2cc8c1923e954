import { describe, expect, it } from 'vitest';
import { readReply } from './read-reply';
import type { ReplyState } from './reply-reader';

/** A response whose body arrives in the given byte pieces, as the network may cut it. */
function responseOf(pieces: Uint8Array[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/plain' } });
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe('readReply', () => {
  it('reports each piece as it arrives and returns the whole reply', async () => {
    const updates: string[] = [];
    const body = '{"type":"begin","metadata":{"nodeId":"a","runIndex":0}}\n{"type":"item","content":"Hi ","metadata":{"nodeId":"a","runIndex":0}}\n{"type":"item","content":"there","metadata":{"nodeId":"a","runIndex":0}}\n';
    const lines = body.split(/(?<=\n)/).map(bytes);
    const final = await readReply(responseOf(lines), (state: ReplyState) => updates.push(state.bubbles.map((b) => b.text).join('|')));
    expect(updates).toEqual(['Hi ', 'Hi there', 'Hi there']);
    expect(final.bubbles.map((b) => b.text)).toEqual(['Hi there']);
  });

  it('decodes a character whose bytes are split across pieces', async () => {
    const all = bytes('{"output":"Hi there! 👋"}');
    const cut = all.length - 3;
    const final = await readReply(responseOf([all.slice(0, cut), all.slice(cut)]));
    expect(final.bubbles.map((b) => b.text)).toEqual(['Hi there! 👋']);
  });

  it('reads a plain JSON response', async () => {
    const final = await readReply(Response.json({ output: 'Plain' }));
    expect(final.bubbles.map((b) => b.text)).toEqual(['Plain']);
  });

  it('returns no bubble for a response without a body', async () => {
    expect((await readReply(new Response(null, { status: 200 }))).bubbles).toEqual([]);
  });

  it('rejects when the body breaks off', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes('{"type":"item","content":"Par'));
        controller.error(new TypeError('network error'));
      },
    });
    await expect(readReply(new Response(body))).rejects.toThrow('network error');
  });
});
