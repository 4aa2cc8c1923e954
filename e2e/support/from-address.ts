import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A request to `url` sent from another address of this machine: Linux routes all of 127.0.0.0/8 to loopback, so a
 * socket bound to 127.0.0.2 reaches a server on 127.0.0.1 and is seen as a client of its own. The name in `url` is
 * sent as Host and SNI but connected to at 127.0.0.1 (no resolver needed); a self-signed certificate is accepted.
 */
export function requestFrom(localAddress: string, url: string, { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      {
        host: '127.0.0.1',
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method,
        localAddress,
        servername: target.hostname,
        rejectUnauthorized: false,
        headers: { Host: target.host, ...(body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }), ...headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
