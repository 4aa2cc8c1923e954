import { CHAT_STREAM_CHUNK_TYPES, type ChatStreamChunk } from '../../../shared/contracts/chat';
import { wholeReply, type ReplyNode, type ReplySource } from '../chat/reply-source';
import { N8nError } from './types';
import { readWithIdleTimeout } from './webhook';

const N8N_NODE: ReplyNode = { nodeId: 'n8n', nodeName: 'n8n' };

/** The most of n8n's answer that is read: a chat reply is text, and a workflow that answers a file is not one. */
const MAX_N8N_ANSWER_CHARS = 200_000;
const tooLong = () => new N8nError(502, "n8n's answer is longer than a chat reply can be");

/**
 * n8n's answer to a message, whichever way its Chat Trigger answers: newline-delimited `begin`/`item`/`end` chunks
 * when it streams, else one whole answer, read by readReplyBody (an answer without text is shown whole, pretty-printed,
 * as the widget shows it). The first complete line tells which; nothing else about the response (its Content-Type is
 * application/json both ways) can.
 */
export async function* readN8nReply(body: ReadableStream<Uint8Array> | null, idleMs: number): ReplySource {
  if (!body) throw new N8nError(502, 'n8n answered with nothing');
  let buffered = '';
  let streaming: boolean | undefined;
  let read = 0;
  for await (const text of readWithIdleTimeout(body, idleMs)) {
    read += text.length;
    if (read > MAX_N8N_ANSWER_CHARS) throw tooLong();
    buffered += text;
    if (streaming === false) continue;
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      if (!line) continue;
      const chunk = streamChunk(line);
      if (streaming === undefined) streaming = chunk !== null;
      if (!streaming) {
        // A JSON answer written over several lines: put the line back and read the rest whole.
        buffered = `${line}\n${buffered}`;
        break;
      }
      if (chunk) yield chunk;
    }
  }
  const rest = buffered.trim();
  if (streaming) {
    const chunk = rest ? streamChunk(rest) : null;
    if (chunk) yield chunk;
    return;
  }
  const single = streamChunk(rest);
  if (single) {
    yield single;
    return;
  }
  const whole = readReplyBody(rest);
  if (whole.kind === 'refused') throw whole.error;
  yield* wholeReply(whole.kind === 'text' ? whole.text : JSON.stringify(whole.json, null, 2), N8N_NODE);
}

/** A line of n8n's stream, or null when the line is not one (it is the start of a JSON answer). */
function streamChunk(line: string): ChatStreamChunk | null {
  const value = parseJson(line);
  if (!isObject(value) || !CHAT_STREAM_CHUNK_TYPES.includes(value.type as ChatStreamChunk['type'])) return null;
  const metadata = isObject(value.metadata) ? value.metadata : {};
  return {
    type: value.type as ChatStreamChunk['type'],
    ...(typeof value.content === 'string' ? { content: value.content } : {}),
    metadata: {
      nodeId: typeof metadata.nodeId === 'string' ? metadata.nodeId : N8N_NODE.nodeId,
      nodeName: typeof metadata.nodeName === 'string' ? metadata.nodeName : N8N_NODE.nodeName,
      itemIndex: typeof metadata.itemIndex === 'number' ? metadata.itemIndex : 0,
      runIndex: typeof metadata.runIndex === 'number' ? metadata.runIndex : 0,
      timestamp: typeof metadata.timestamp === 'number' ? metadata.timestamp : Date.now(),
    },
  };
}

/**
 * A whole answer from n8n (not a stream), as the n8n tab and the workflow page both read it:
 * - the reply's text (`kind: 'text'`);
 * - JSON with no text in it (`kind: 'no text'`, the JSON as it came): the n8n tab shows it whole, as the widget does;
 *   the workflow page answers no `output`, and the page says it could not process the message;
 * - no reply at all (`kind: 'refused'`, with the 502 the n8n tab answers): the workflow page answers no `output` for
 *   it too, as it always did.
 *
 * Read in this order, the first that applies:
 * 1. A blank answer: refused, 'n8n answered with nothing' (a Respond to Webhook node answering "No Data").
 * 2. Not JSON: the answer itself, trimmed, is the text (a Respond to Webhook node answering "Text").
 * 3. A JSON array: its first item is read in its place (an item list: "All Incoming Items", a Webhook node's
 *    "All Entries"); an empty array has no text.
 * 4. `output`, when a string: the Chat Trigger's and the AI Agent's reply, and what the widget reads first.
 * 5. `text`, when a string: what the widget reads next (a Basic LLM Chain's reply, for one).
 * 6. The Chat Trigger's receipt in its WebSocket response mode, `{ executionStarted: true, executionId }` (no array,
 *    no text in it): refused with a 502 saying how to set the Chat Trigger (nothing will ever come back over HTTP).
 * 7. Anything else: no text. `message` is not read: n8n's own Webhook node answers `{ "message": "Workflow was
 *    started" }` when it responds at once, which is no reply to the patient.
 */
export function readReplyBody(body: string): ReplyBody {
  const trimmed = body.trim();
  if (!trimmed) return { kind: 'refused', error: new N8nError(502, 'n8n answered with nothing') };
  const json = parseJson(trimmed);
  if (json === undefined) return { kind: 'text', text: trimmed };
  const item: unknown = Array.isArray(json) ? json[0] : json;
  if (isObject(item)) {
    if (typeof item.output === 'string') return { kind: 'text', text: item.output };
    if (typeof item.text === 'string') return { kind: 'text', text: item.text };
  }
  if (isObject(json) && json.executionStarted === true && Object.keys(json).length <= 2) {
    const reason = 'n8n started the workflow but answers through a WebSocket: set the Chat Trigger to answer when the last node finishes, or to stream';
    return { kind: 'refused', error: new N8nError(502, reason) };
  }
  return { kind: 'no text', json };
}

/** What readReplyBody made of an answer. */
export type ReplyBody = { kind: 'text'; text: string } | { kind: 'no text'; json: unknown } | { kind: 'refused'; error: N8nError };

/** A whole answer as text (the workflow page's reply, for readReplyBody), read within the same limits as a reply. */
export async function readN8nText(response: Response, idleMs: number): Promise<string> {
  if (!response.body) return '';
  let text = '';
  for await (const piece of readWithIdleTimeout(response.body, idleMs)) {
    text += piece;
    if (text.length > MAX_N8N_ANSWER_CHARS) throw tooLong();
  }
  return text;
}

/** A whole JSON answer (loadPreviousSession's history), read within the same limits as a reply; undefined when n8n answered nothing. */
export async function readN8nJson(response: Response, idleMs: number): Promise<unknown> {
  const text = await readN8nText(response, idleMs);
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new N8nError(502, 'n8n answered something other than JSON');
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
