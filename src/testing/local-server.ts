import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalServer {
  /** http://127.0.0.1:{port} */
  url: string;
  close(): Promise<void>;
}

/**
 * A real HTTP server on a free port of this machine, what every stand-in for an outside service is built on: each
 * request is handed over once its whole body has arrived.
 */
export async function startLocalServer(handle: (request: IncomingMessage, body: Buffer, response: ServerResponse) => void): Promise<LocalServer> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, Buffer.concat(chunks), response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      // A request left unanswered, or a stalled stream, holds its connection open; close() alone would wait for it.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
