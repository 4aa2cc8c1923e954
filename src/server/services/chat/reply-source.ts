import type { ChatStreamChunk } from '../../../shared/contracts/chat';

/**
 * A reply as it comes, in n8n's streaming shape whatever answers (n8n, the built-in assistant, a language model):
 * per node run a `begin`, `item`s carrying text, an `end`. One shape in, so one writer serves JSON and streams alike.
 * A source that fails throws (an N8nError, a LanguageModelError) before or between its chunks; answerChat maps it.
 */
export type ReplySource = AsyncIterable<ChatStreamChunk>;

/** Who answers, as a node of n8n's stream metadata names it. */
export interface ReplyNode {
  nodeId: string;
  nodeName: string;
}

export const BUILT_IN_ASSISTANT: ReplyNode = { nodeId: 'healthassist-assistant', nodeName: 'HealthAssist assistant' };
export const LANGUAGE_MODEL: ReplyNode = { nodeId: 'healthassist-language-model', nodeName: 'Language model' };

function chunk(type: ChatStreamChunk['type'], node: ReplyNode, content?: string): ChatStreamChunk {
  return {
    type,
    ...(content === undefined ? {} : { content }),
    metadata: { ...node, itemIndex: 0, runIndex: 0, timestamp: Date.now() },
  };
}

/** A reply known whole at once (a rule's answer, a workflow's JSON output). */
export async function* wholeReply(text: string, node: ReplyNode = BUILT_IN_ASSISTANT): ReplySource {
  yield chunk('begin', node);
  yield chunk('item', node, text);
  yield chunk('end', node);
}

/**
 * A reply arriving in pieces (a language model's tokens). Nothing is yielded before the first piece arrived, so a
 * source that fails at once fails the request (a plain 502/504) instead of a stream that has begun.
 */
export async function* piecewiseReply(pieces: AsyncIterable<string>, node: ReplyNode = LANGUAGE_MODEL): ReplySource {
  const iterator = pieces[Symbol.asyncIterator]();
  let next = await iterator.next();
  yield chunk('begin', node);
  for (; !next.done; next = await iterator.next()) if (next.value) yield chunk('item', node, next.value);
  yield chunk('end', node);
}

/**
 * The source's reply with `note` added to the end of its last run (the same bubble): e.g. that attached files could
 * not be read. Each `end` is held back until it is known whether another chunk follows.
 */
export async function* withClosingNote(source: ReplySource, note: string): ReplySource {
  let heldEnd: ChatStreamChunk | undefined;
  for await (const next of source) {
    if (heldEnd) yield heldEnd;
    heldEnd = next.type === 'end' ? next : undefined;
    if (!heldEnd) yield next;
  }
  if (!heldEnd) return;
  yield { ...heldEnd, type: 'item', content: note };
  yield heldEnd;
}
