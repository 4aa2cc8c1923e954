import type { N8nConfig } from '../../env';
import { N8nError, type WebhookCall } from './types';

/** What goes to n8n: JSON, or multipart when the patient attached files (the widget's own two shapes). */
export type WebhookPayload = { kind: 'json'; body: Record<string, unknown> } | { kind: 'form'; body: FormData };

/** Thrown by our own timer: told apart from the patient's leaving, which is no one's fault. */
class TimedOut extends Error {}

/**
 * POSTs to one of the configured n8n webhooks and answers n8n's response once its headers arrived with a success
 * status. n8n's failures are N8nErrors: 504 when it does not answer within N8N_CHAT_TIMEOUT_MS, 502 when it cannot
 * be reached or answers an error; the reason names n8n and the status, never the address or the header.
 */
export async function postToN8n(config: N8nConfig, url: string, payload: WebhookPayload, { stream = false, signal }: WebhookCall = {}): Promise<Response> {
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(new TimedOut()), config.timeoutMs);
  const headers: Record<string, string> = { Accept: stream ? 'text/plain' : 'application/json' };
  if (payload.kind === 'json') headers['Content-Type'] = 'application/json';
  if (config.authHeader) headers[config.authHeader[0]] = config.authHeader[1];
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body: payload.kind === 'json' ? JSON.stringify(payload.body) : payload.body,
      signal: signal ? AbortSignal.any([timer.signal, signal]) : timer.signal,
      redirect: 'error',
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new N8nError(502, describeStatus(response.status));
    }
    return response;
  } catch (error) {
    if (error instanceof N8nError) throw error;
    if (timer.signal.aborted) throw new N8nError(504, 'n8n did not answer in time');
    if (signal?.aborted) throw error;
    // The reason (a refused connection, a name that does not resolve) goes to the log with the 502, not to the patient.
    throw new N8nError(502, 'n8n could not be reached', { cause: error });
  } finally {
    clearTimeout(timeout);
  }
}

function describeStatus(status: number): string {
  if (status === 401 || status === 403) return `n8n refused the request (${status}): check N8N_CHAT_AUTH_HEADER`;
  if (status === 404) return 'n8n answered 404: is the workflow active and its chat public?';
  return `n8n answered ${status}`;
}

/**
 * Reads n8n's answer as text pieces, each read given `idleMs` to arrive: a stream that stalls is a 504, not a hang.
 * The body is cancelled when reading stops for any reason, so the connection to n8n is let go.
 */
export async function* readWithIdleTimeout(body: ReadableStream<Uint8Array>, idleMs: number): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      let idle: NodeJS.Timeout | undefined;
      const stalled = new Promise<never>((_, reject) => {
        idle = setTimeout(() => reject(new N8nError(504, 'n8n stopped answering')), idleMs);
      });
      let result: Awaited<ReturnType<typeof reader.read>>;
      try {
        result = await Promise.race([reader.read(), stalled]);
      } catch (error) {
        if (error instanceof N8nError) throw error;
        throw new N8nError(502, 'n8n broke off its answer');
      } finally {
        clearTimeout(idle);
      }
      if (result.done) break;
      const text = decoder.decode(result.value, { stream: true });
      if (text) yield text;
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
