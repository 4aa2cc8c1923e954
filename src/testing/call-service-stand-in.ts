import type { IncomingHttpHeaders } from 'node:http';
import { startLocalServer } from './local-server';

export interface ReceivedRequest {
  method: string;
  /** The path and query. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the stand-in does with the next requests: answer with a status and a JSON body, or never answer. */
export type StandInAnswer = { status: number; body: unknown } | 'no answer';

export interface CallServiceStandIn {
  /** http://127.0.0.1:{port} */
  url: string;
  requests: ReceivedRequest[];
  answerWith(answer: StandInAnswer): void;
  close(): Promise<void>;
}

/**
 * A real HTTP server on a free local port standing in for a voice-call service (Twilio or a webhook): it keeps
 * every request it receives, so a test reads exactly what left the app.
 */
export async function startCallServiceStandIn(answer: StandInAnswer = { status: 200, body: {} }): Promise<CallServiceStandIn> {
  const requests: ReceivedRequest[] = [];
  let next = answer;
  const server = await startLocalServer((request, body, response) => {
    requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: body.toString('utf8') });
    if (next === 'no answer') return;
    response.writeHead(next.status, { 'content-type': 'application/json' }).end(JSON.stringify(next.body));
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

/** An address where nothing listens: a stand-in started and closed again. */
export async function unreachableAddress(): Promise<string> {
  const standIn = await startCallServiceStandIn();
  await standIn.close();
  return standIn.url;
}
