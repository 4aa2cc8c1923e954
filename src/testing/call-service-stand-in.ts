import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

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
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (next === 'no answer') return;
      response.writeHead(next.status, { 'content-type': 'application/json' }).end(JSON.stringify(next.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answerWith(answer) {
      next = answer;
    },
    async close() {
      // A request left unanswered holds its connection open; close() alone would wait for it.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

/** An address where nothing listens: a stand-in started and closed again. */
export async function unreachableAddress(): Promise<string> {
  const standIn = await startCallServiceStandIn();
  await standIn.close();
  return standIn.url;
}
