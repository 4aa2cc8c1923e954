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
 * when it streams, else one JSON object (`output`, or `text`, as the widget reads it). The first complete line
 * tells which; nothing else about the response (its Content-Type is application/json both ways) can.
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
  if (!rest) throw new N8nError(502, 'n8n answered with nothing');
  const single = streamChunk(rest);
  if (single) {
    yield single;
    return;
  }
  yield* wholeReply(messageText(rest), N8N_NODE);
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

/** What the widget would show of a whole answer: `output`, else `text`, else the JSON itself, pretty-printed. */
function messageText(body: string): string {
  const value = parseJson(body);
  if (value === undefined) return body;
  if (isObject(value)) {
    // The Chat Trigger in "Using Respond to Webhook"-less WebSocket mode: nothing will ever come back here.
    if (value.executionStarted === true && Object.keys(value).length <= 2) {
      throw new N8nError(502, 'n8n started the workflow but answers through a WebSocket: set the Chat Trigger to answer when the last node finishes, or to stream');
    }
    if (typeof value.output === 'string') return value.output;
    if (typeof value.text === 'string') return value.text;
  }
  return JSON.stringify(value, null, 2);
}

/**
 * A whole JSON answer (loadPreviousSession's history, the workflow's `{ output }`), read within the same limits as a
 * reply; undefined when n8n answered nothing.
 */
export async function readN8nJson(response: Response, idleMs: number): Promise<unknown> {
  if (!response.body) return undefined;
  let text = '';
  for await (const piece of readWithIdleTimeout(response.body, idleMs)) {
    text += piece;
    if (text.length > MAX_N8N_ANSWER_CHARS) throw tooLong();
  }
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
