import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChatStreamChunk } from '../../shared/contracts/chat';
import { replyText } from '../../shared/rules/chat-reply';
import { badGateway, HttpError } from '../core/errors';

/** The widget asks for n8n's streamed answer with `Accept: text/plain`; newline-delimited JSON is asked for by name. */
export function wantsStream(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return /\btext\/plain\b|\bapplication\/x-ndjson\b/i.test(accept);
}

/**
 * Answers a chat message from its reply (n8n's stream chunks, whoever answered), the way the browser asked: n8n's
 * newline-delimited chunks as they come, or, once the reply is complete, `{ output }`. Until the first chunk nothing
 * is sent, so a source that fails early (n8n down, a model timing out) is a plain 502/504 `{ message }`; one that
 * fails later ends the stream with an `error` chunk, as n8n's own stream does. `keep` stores the finished exchange;
 * a reply that failed keeps nothing.
 */
export async function sendChatReply(
  request: FastifyRequest,
  reply: FastifyReply,
  source: AsyncIterable<ChatStreamChunk>,
  keep: (text: string) => Promise<void>,
): Promise<FastifyReply> {
  const chunks = source[Symbol.asyncIterator]();
  // Whatever ends the reply (done, failed, the patient gone), the source lets go of n8n's or the model's connection.
  const release = () => chunks.return?.().catch(() => undefined);
  const received: ChatStreamChunk[] = [];

  /** Stores the finished exchange; the patient has the reply either way, so a failure here is only logged. */
  async function keepReply() {
    try {
      await keep(replyText(received));
    } catch (error) {
      request.log.error({ err: error }, 'chat exchange could not be stored');
    }
  }

  let first: IteratorResult<ChatStreamChunk>;
  try {
    first = await chunks.next();
  } catch (error) {
    await release();
    throw error;
  }
  if (!first.done) received.push(first.value);

  if (!wantsStream(request)) {
    try {
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) received.push(next.value);
    } finally {
      await release();
    }
    const failure = received.find((chunk) => chunk.type === 'error');
    if (failure) throw badGateway(failure.content || 'The assistant could not answer');
    await keepReply();
    return reply.send({ output: replyText(received) });
  }

  async function* lines(): AsyncGenerator<string> {
    let failed = false;
    try {
      for (const chunk of received) yield `${JSON.stringify(chunk)}\n`;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
        received.push(next.value);
        failed ||= next.value.type === 'error';
        yield `${JSON.stringify(next.value)}\n`;
      }
    } catch (error) {
      failed = true;
      const message = error instanceof HttpError ? error.message : 'The assistant could not answer';
      // The patient leaving (the browser closed the request) is no one's fault; anything else is worth a line.
      if (!reply.raw.destroyed) request.log[error instanceof HttpError ? 'warn' : 'error']({ err: error }, 'chat reply failed mid-stream');
      const last = received.at(-1)?.metadata;
      const metadata = { nodeId: last?.nodeId ?? 'healthassist', nodeName: last?.nodeName ?? 'HealthAssist', itemIndex: 0, runIndex: last?.runIndex ?? 0, timestamp: Date.now() };
      yield `${JSON.stringify({ type: 'error', content: message, metadata } satisfies ChatStreamChunk)}\n`;
    } finally {
      await release();
    }
    if (!failed) await keepReply();
  }

  return reply
    .header('Content-Type', 'application/json; charset=utf-8')
    // A proxy (nginx) would otherwise hold the pieces back until the end.
    .header('X-Accel-Buffering', 'no')
    .send(Readable.from(lines(), { objectMode: false }));
}

/** Aborted when the browser goes away before the reply is complete, so that n8n or the model is not waited for. */
export function abortWhenGone(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  return gone.signal;
}
