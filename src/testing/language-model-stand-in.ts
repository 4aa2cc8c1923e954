import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { startLocalServer } from './local-server';

export interface ReceivedModelRequest {
  method: string;
  /** The path and query: '/v1/chat/completions'. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The body parsed as JSON, or its text when it is not JSON. */
  body: unknown;
  /** Set once the client went away before the answer was complete: an abort, a timeout, an iteration stopped early. */
  closedEarly: boolean;
}

/**
 * What the stand-in does with the next requests:
 * - pieces of text: streamed as Server-Sent Events, one `chat.completion.chunk` per piece, as OpenAI and Ollama do
 *   (a role-only chunk first, a comment, the pieces, a finish chunk, `data: [DONE]`);
 * - `stream` with options: `stallAfter` sends that many pieces and then nothing, leaving the response open;
 *   `lineEnding` '\r\n' ends each line with CRLF; `bytesPerWrite` cuts the bytes in writes that small (events
 *   split across TCP chunks, a character's bytes split too);
 * - `json`: one non-streamed `chat.completion` with this content, as a server that ignores `stream` answers;
 * - `status` and `body`: that status with that JSON body (an error);
 * - `raw`: exactly this text with this content type (malformed answers, hand-written streams);
 * - 'no answer': the request is read and never answered.
 */
export type ModelStandInAnswer =
  | string[]
  | { stream: string[]; stallAfter?: number; lineEnding?: '\n' | '\r\n'; bytesPerWrite?: number }
  | { json: string }
  | { status: number; body: unknown }
  | { raw: string; contentType: string }
  | 'no answer';

export interface LanguageModelStandIn {
  /** http://127.0.0.1:{port}; the API is served under any path ending in /chat/completions. */
  url: string;
  requests: ReceivedModelRequest[];
  answerWith(answer: ModelStandInAnswer): void;
  close(): Promise<void>;
}

/** One `chat.completion.chunk` event's `data:` line, with this delta. */
export function chunkEvent(delta: Record<string, unknown>, finishReason: string | null = null): string {
  const chunk = { id: 'chatcmpl-stand-in', object: 'chat.completion.chunk', created: 0, model: 'stand-in', choices: [{ index: 0, delta, finish_reason: finishReason }] };
  return `data: ${JSON.stringify(chunk)}`;
}

/** The events of a streamed reply, each a list of lines (an event ends with a blank line). */
function streamedEvents(pieces: string[], stallAfter: number | undefined): string[][] {
  const sent = stallAfter === undefined ? pieces : pieces.slice(0, stallAfter);
  const events = [[chunkEvent({ role: 'assistant', content: '' })], [': the stand-in is thinking'], ...sent.map((content) => [chunkEvent({ content })])];
  if (stallAfter === undefined) events.push([chunkEvent({}, 'stop')], ['data: [DONE]']);
  return events;
}

/** Writes `text` in writes of at most `bytesPerWrite` bytes, a moment apart, while the client is still there. */
async function writeSlowly(response: ServerResponse, text: string, bytesPerWrite: number): Promise<void> {
  const bytes = Buffer.from(text, 'utf8');
  for (let start = 0; start < bytes.length; start += bytesPerWrite) {
    if (response.destroyed) return;
    response.write(bytes.subarray(start, start + bytesPerWrite));
    await sleep(1);
  }
}

async function answer(response: ServerResponse, next: Exclude<ModelStandInAnswer, 'no answer'>): Promise<void> {
  if (Array.isArray(next)) return answer(response, { stream: next });
  if ('json' in next) {
    const completion = {
      id: 'chatcmpl-stand-in',
      object: 'chat.completion',
      created: 0,
      model: 'stand-in',
      choices: [{ index: 0, message: { role: 'assistant', content: next.json }, finish_reason: 'stop' }],
    };
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion));
    return;
  }
  if ('status' in next) {
    response.writeHead(next.status, { 'content-type': 'application/json' }).end(JSON.stringify(next.body));
    return;
  }
  if ('raw' in next) {
    response.writeHead(200, { 'content-type': next.contentType }).end(next.raw);
    return;
  }
  const { stream, stallAfter, lineEnding = '\n', bytesPerWrite } = next;
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const event of streamedEvents(stream, stallAfter)) {
    if (response.destroyed) return;
    const text = event.map((line) => line + lineEnding).join('') + lineEnding;
    if (bytesPerWrite) await writeSlowly(response, text, bytesPerWrite);
    else response.write(text);
    // A moment between pieces, so that they reach the client as they would from a model.
    await sleep(5);
  }
  if (stallAfter === undefined && !response.destroyed) response.end();
}

/**
 * A real HTTP server on a free local port playing an OpenAI-compatible chat completions API: it keeps every request
 * it receives, so a test reads exactly what left the app, and answers as it was told (by default, a short streamed reply).
 */
export async function startLanguageModelStandIn(first: ModelStandInAnswer = ['Hello', ' from the', ' stand-in.']): Promise<LanguageModelStandIn> {
  const requests: ReceivedModelRequest[] = [];
  let next = first;
  const server = await startLocalServer((request, body, response) => {
    const text = body.toString('utf8');
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Kept as text: a test then sees what was sent.
    }
    const received: ReceivedModelRequest = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: parsed, closedEarly: false };
    requests.push(received);
    // A write racing the client's going away is not the stand-in's failure.
    response.on('error', () => undefined);
    response.on('close', () => {
      if (!response.writableFinished) received.closedEarly = true;
    });
    if (!request.url?.endsWith('/chat/completions')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    if (next === 'no answer') return;
    void answer(response, next);
  });
  return {
    url: server.url,
    requests,
    answerWith(answer) {
      next = answer;
    },
    close: server.close,
  };
}
