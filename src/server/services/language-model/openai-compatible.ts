import type { LanguageModelConfig } from '../../env';
import { LanguageModelError, type LanguageModel, type ModelMessage } from './types';

/** How much of an answer the adapter holds at once (one event's line, a whole JSON answer) before calling it malformed. */
const MAX_HELD_CHARACTERS = 1_000_000;
/** How much of an error answer goes to the log. */
const LOGGED_CHARACTERS = 300;

const NOT_IN_TIME = 'The language model did not answer in time';
const UNREADABLE = 'The language model sent an answer that could not be read';

/**
 * Any OpenAI-compatible chat completions API (OpenAI, a local Ollama at http://127.0.0.1:11434/v1, vLLM, LM Studio):
 * POST {baseUrl}/chat/completions with `{ model, messages, stream: true }`, read as Server-Sent Events; a server that
 * ignores `stream` and answers one JSON completion gives its whole content as one piece.
 */
export function openAiCompatibleModel({ baseUrl, model, apiKey, timeoutMs }: LanguageModelConfig): LanguageModel {
  const url = `${baseUrl}/chat/completions`;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  /** A server may echo what it was sent; the key never reaches a log through its answer. */
  const withoutKey = (text: string) => (apiKey ? text.split(apiKey).join('[key]') : text);

  return {
    async *streamReply(messages: ModelMessage[], signal?: AbortSignal) {
      signal?.throwIfAborted();
      const exchange = new Exchange(timeoutMs, signal);
      let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
      let bodyDone = false;
      let pieces = 0;
      const decoder = new TextDecoder();
      /** The next text of the body, or null at its end; the timeout runs only while waiting for it. */
      const nextText = async (body: ReadableStreamDefaultReader<Uint8Array>): Promise<string | null> => {
        const { done, value } = await exchange.within(body.read());
        if (done) {
          bodyDone = true;
          return null;
        }
        return decoder.decode(value, { stream: true });
      };

      try {
        const response = await exchange.within(
          fetch(url, {
            method: 'POST',
            headers,
            // Field by field, so that nothing added to ModelMessage later is sent without being chosen here.
            body: JSON.stringify({ model, messages: messages.map(({ role, content }) => ({ role, content })), stream: true }),
            // Not following redirects keeps the key with the one address that was configured.
            redirect: 'manual',
            signal: exchange.signal,
          }),
        );
        exchange.connected = true;
        if (!response.body) throw new LanguageModelError(502, UNREADABLE, { status: response.status, answer: '' });
        const body = response.body.getReader();
        reader = body;

        if (!response.ok) {
          let answer = '';
          while (answer.length < LOGGED_CHARACTERS) {
            const text = await nextText(body);
            if (text === null) break;
            answer += text;
          }
          throw new LanguageModelError(502, `The language model answered ${response.status}`, {
            status: response.status,
            answer: withoutKey(answer.slice(0, LOGGED_CHARACTERS)),
          });
        }

        let first = await nextText(body);
        const contentType = response.headers.get('content-type') ?? '';
        // A server that ignored `stream: true` answers one JSON object; one without a content type is read by its first character.
        const isJson = contentType.includes('json') || (!contentType.includes('text/event-stream') && first?.trimStart().startsWith('{'));

        if (isJson) {
          let whole = '';
          for (; first !== null; first = await nextText(body)) {
            whole += first;
            if (whole.length > MAX_HELD_CHARACTERS) throw new LanguageModelError(502, UNREADABLE, { answer: 'more than the adapter holds' });
          }
          const content = completionContent(whole);
          if (content === undefined) throw new LanguageModelError(502, UNREADABLE, { answer: withoutKey(whole.slice(0, LOGGED_CHARACTERS)) });
          if (content !== '') yield content;
          return;
        }

        const events = new EventStreamParser();
        let sawData = false;
        for (let text = first; ; text = await nextText(body)) {
          const data = text === null ? events.end() : events.push(text);
          for (const payload of data) {
            if (payload === '[DONE]') return;
            sawData = true;
            const piece = chunkContent(payload, withoutKey);
            if (piece) {
              pieces += 1;
              yield piece;
            }
          }
          if (text === null) break;
        }
        // Some servers close without [DONE]; a body with no event at all was not a reply.
        if (!sawData) throw new LanguageModelError(502, UNREADABLE, { answer: 'no event in the stream' });
      } catch (error) {
        throw exchange.failure(error, pieces);
      } finally {
        // Whatever ended the iteration (its end, an error, an abort, a caller that stopped early), the connection goes.
        if (reader && !bodyDone) void reader.cancel().catch(() => undefined);
        exchange.stop();
      }
    },
  };
}

/**
 * One request's cancellation: the caller's signal, and a deadline that runs only while the adapter waits on the
 * model (for its first byte, then for each next chunk), not while the caller takes its time with a piece.
 */
class Exchange {
  private readonly controller = new AbortController();
  /** Rejects once the exchange is cancelled, so that a wait ends whether or not fetch notices. */
  private readonly cancelled: Promise<never>;
  private timedOut = false;
  connected = false;

  constructor(
    private readonly timeoutMs: number,
    private readonly callerSignal: AbortSignal | undefined,
  ) {
    this.cancelled = new Promise<never>((_, reject) => {
      this.controller.signal.addEventListener('abort', () => reject(this.controller.signal.reason as Error), { once: true });
    });
    this.cancelled.catch(() => undefined);
    callerSignal?.addEventListener('abort', this.cancel, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  async within<T>(work: Promise<T>): Promise<T> {
    const timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort();
    }, this.timeoutMs);
    try {
      return await Promise.race([work, this.cancelled]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** What to throw for `error`: the caller's own reason when it aborted, else a LanguageModelError. */
  failure(error: unknown, pieces: number): unknown {
    if (this.callerSignal?.aborted) return this.callerSignal.reason;
    if (error instanceof LanguageModelError) return error;
    if (this.timedOut) return new LanguageModelError(504, NOT_IN_TIME, { timeoutMs: this.timeoutMs, piecesBefore: pieces, connected: this.connected });
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return this.connected
      ? new LanguageModelError(502, 'The language model broke off its answer', { piecesBefore: pieces, error: String(cause) })
      : new LanguageModelError(502, 'The language model could not be reached', { error: String(cause) });
  }

  private readonly cancel = () => this.controller.abort();

  stop(): void {
    this.callerSignal?.removeEventListener('abort', this.cancel);
    this.controller.abort();
  }
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `choices[0].message.content` of a whole (non-streamed) completion, or undefined when it has none. */
function completionContent(text: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(value) || !Array.isArray(value.choices)) return undefined;
  const [choice] = value.choices as unknown[];
  const content = isObject(choice) && isObject(choice.message) ? choice.message.content : undefined;
  return typeof content === 'string' ? content : undefined;
}

/**
 * The text of one streamed chunk's `choices[0].delta.content`; '' for a chunk without text (the role, the finish
 * reason, the usage). An `error` chunk, which some servers send mid-stream, and data that is not JSON fail.
 */
function chunkContent(payload: string, withoutKey: (text: string) => string): string {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    throw new LanguageModelError(502, UNREADABLE, { answer: withoutKey(payload.slice(0, LOGGED_CHARACTERS)) });
  }
  if (!isObject(value)) throw new LanguageModelError(502, UNREADABLE, { answer: withoutKey(payload.slice(0, LOGGED_CHARACTERS)) });
  if (value.error !== undefined && value.error !== null) {
    throw new LanguageModelError(502, 'The language model answered with an error', {
      answer: withoutKey(JSON.stringify(value.error).slice(0, LOGGED_CHARACTERS)),
    });
  }
  const [choice] = Array.isArray(value.choices) ? (value.choices as unknown[]) : [];
  const content = isObject(choice) && isObject(choice.delta) ? choice.delta.content : undefined;
  return typeof content === 'string' ? content : '';
}

/**
 * The `data` of each Server-Sent Event in a text stream that arrives in arbitrary chunks: lines end with CRLF, LF
 * or CR (a CR at the end of a chunk waits, in case an LF follows), a blank line ends an event, a line starting with
 * ':' is a comment, several `data:` lines of one event join with '\n', other fields (event, id, retry) are ignored.
 */
export class EventStreamParser {
  private held = '';
  private data: string[] = [];

  /** The data of the events that `text` completes. */
  push(text: string): string[] {
    return this.take(this.held + text, false);
  }

  /** The data of what remains at the end of the stream, an event without its final blank line included. */
  end(): string[] {
    const data = this.take(this.held, true);
    if (this.data.length > 0) data.push(this.data.join('\n'));
    this.data = [];
    return data;
  }

  private take(text: string, atEnd: boolean): string[] {
    const crWaits = !atEnd && text.endsWith('\r');
    const lines = (crWaits ? text.slice(0, -1) : text).split(/\r\n|\r|\n/);
    const unfinished = lines.pop() ?? '';
    this.held = unfinished + (crWaits ? '\r' : '');
    if (this.held.length > MAX_HELD_CHARACTERS) throw new LanguageModelError(502, UNREADABLE, { answer: 'a line longer than the adapter holds' });
    if (atEnd && unfinished !== '') lines.push(unfinished);

    const events: string[] = [];
    for (const line of lines) {
      if (line === '') {
        if (this.data.length > 0) events.push(this.data.join('\n'));
        this.data = [];
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      if (field !== 'data') continue;
      const value = colon === -1 ? '' : line.slice(colon + 1);
      this.data.push(value.startsWith(' ') ? value.slice(1) : value);
    }
    return events;
  }
}
