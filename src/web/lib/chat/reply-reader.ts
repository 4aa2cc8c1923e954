import { CHAT_STREAM_CHUNK_TYPES } from '../../../shared/contracts/chat';
import { replyTextOf } from './reply-text';

/** One bot bubble of a reply: n8n streams one per node run. */
export interface ReplyBubble {
  id: string;
  text: string;
}

export interface ReplyState {
  bubbles: readonly ReplyBubble[];
  /** Set by an `error` line: the reply failed, whatever was shown before it. */
  error: string | null;
}

interface StreamLine {
  type: (typeof CHAT_STREAM_CHUNK_TYPES)[number];
  content?: unknown;
  metadata?: { nodeId?: unknown; runIndex?: unknown };
}

const streamTypes: ReadonlySet<string> = new Set(CHAT_STREAM_CHUNK_TYPES);

function isStreamLine(value: unknown): value is StreamLine {
  return typeof value === 'object' && value !== null && streamTypes.has(String((value as { type?: unknown }).type));
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Which run a line belongs to: a `begin` for another node or run index starts another bubble. */
const runOf = (line: StreamLine) => `${String(line.metadata?.nodeId ?? 'unknown')}:${String(line.metadata?.runIndex ?? 0)}`;

/**
 * Reads a reply to a chat message as it arrives, in whatever pieces the network cuts it into. The body is either
 * n8n's streaming answer — newline-delimited JSON, `begin` / `item` / `end` per node run, `error` on failure — or
 * one plain JSON object (`{ "output": … }`, possibly pretty-printed over several lines), or plain text. Streamed
 * text is shown as it comes; anything else only once the body is complete, when it can be parsed whole.
 */
export function createReplyReader() {
  let buffer = '';
  /** The body so far, kept until it turns out to be a stream: a plain reply is parsed whole at the end. */
  let whole: string | null = '';
  /** Lines of a stream that were not stream lines: shown as text at the end, as the widget does. */
  const strays: string[] = [];
  let bubbles: ReplyBubble[] = [];
  const openRuns = new Map<string, number>();
  let error: string | null = null;

  function addBubble(text: string): number {
    bubbles = [...bubbles, { id: `reply-${bubbles.length}`, text }];
    return bubbles.length - 1;
  }

  function append(index: number, text: string) {
    bubbles = bubbles.map((bubble, i) => (i === index ? { ...bubble, text: bubble.text + text } : bubble));
  }

  function onStreamLine(line: StreamLine): boolean {
    whole = null;
    const run = runOf(line);
    switch (line.type) {
      case 'begin':
        openRuns.delete(run);
        return false;
      case 'end':
        openRuns.delete(run);
        return false;
      case 'error':
        error = typeof line.content === 'string' && line.content !== '' ? line.content : 'Unknown error';
        return true;
      case 'item': {
        const text = typeof line.content === 'string' ? line.content : '';
        // An empty piece makes no bubble; a piece of spaces is text like any other.
        if (text === '') return false;
        const index = openRuns.get(run) ?? addBubble('');
        openRuns.set(run, index);
        append(index, text);
        return true;
      }
    }
  }

  function onLine(line: string): boolean {
    if (line.trim() === '') return false;
    const parsed = parseJson(line);
    if (parsed.ok && isStreamLine(parsed.value)) return onStreamLine(parsed.value);
    strays.push(line);
    return false;
  }

  const snapshot = (): ReplyState => ({ bubbles, error });

  return {
    /** Takes the next piece of the body; true when what is shown changed. */
    push(piece: string): boolean {
      if (whole !== null) whole += piece;
      buffer += piece;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      let changed = false;
      for (const line of lines) changed = onLine(line) || changed;
      return changed;
    },
    /** The body is complete: what was not a stream is read whole now. */
    finish(): ReplyState {
      onLine(buffer);
      buffer = '';
      if (whole !== null) {
        // Not a stream: one JSON object (maybe over several lines), or plain text.
        const parsed = parseJson(whole);
        const text = parsed.ok ? replyTextOf(parsed.value) : replyTextOf(whole.trim());
        if (text !== null) addBubble(text);
      } else if (strays.length > 0) {
        const text = strays
          .map((line) => {
            const parsed = parseJson(line);
            return (parsed.ok ? replyTextOf(parsed.value) : line) ?? '';
          })
          .join('\n');
        if (text.trim() !== '') addBubble(text);
      }
      strays.length = 0;
      return snapshot();
    },
    snapshot,
  };
}

/** A reply that failed, or said nothing at all: the chat then says it encountered an error. */
export const replyFailed = (state: ReplyState) => state.error !== null || state.bubbles.length === 0;
