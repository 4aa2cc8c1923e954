import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadEnv } from '../env';
import { createMedicalRecord } from '../../testing/factories';
import { api, expectRefused, useTestApp } from '../../testing/test-app';
import { allowedHostsFor } from './allowed-hosts';

const t = useTestApp();

/** The app as main.ts builds it for PORT=5000 behind two public names; t.app is the inject() default (port 80). */
let served: FastifyInstance;
beforeAll(async () => {
  const env = loadEnv({ PORT: '5000', ALLOWED_HOSTS: 'health.example.com, care.example.org:8443' });
  served = await buildApp({ database: t.database, allowedHosts: allowedHostsFor(env) });
});
afterAll(() => served?.close());

let recordId: number;
beforeEach(async () => {
  recordId = (await createMedicalRecord(t.db, t.userId)).id;
});

describe('a request for a host name this server does not answer to', () => {
  it.each([
    ['a rebound DNS name (evil.example.com → 127.0.0.1)', 'evil.example.com:5000'],
    ['a rebound DNS name on port 80', 'evil.example.com'],
    ['a name that only begins like localhost', 'localhost.evil.example.com:5000'],
    ['a name that only ends like an allowed one', 'evil-health.example.com'],
    ['an allowed name under another name', 'health.example.com.evil.example.com'],
    ['an allowed name:port on another port', 'care.example.org:443'],
    ['localhost on another port', 'localhost:5001'],
    ['127.0.0.1 on port 80', '127.0.0.1'],
    ['another loopback address', '127.0.0.2:5000'],
    ['a subdomain of localhost', 'app.localhost:5000'],
    ['0.0.0.0, which browsers route to this machine', '0.0.0.0:5000'],
    ['user info before localhost', 'evil.example.com@localhost:5000'],
    ['a path after localhost', 'localhost:5000/evil'],
  ])('refuses %s with 421, on a page and on the API, revealing nothing', async (_case, host) => {
    for (const url of ['/', '/api/users/1']) {
      const response = await served.inject({ method: 'GET', url, headers: { host } });
      expect(response.statusCode).toBe(421);
      expect(response.json()).toEqual({ message: `This server does not answer to the host name ${host} (add it to ALLOWED_HOSTS to allow it)` });
      expect(response.body).not.toContain('alex@example.com');
    }
  });

  it('refuses a write to such a host with 421 before it changes anything', async () => {
    await expectRefused({ ...t, app: served }, 'PATCH', `/api/users/${t.userId}`, { displayName: 'Taken Over' }, 421, /^This server does not answer to the host name evil\.example\.com:5000 /, {
      host: 'evil.example.com:5000',
      origin: 'http://evil.example.com:5000',
      'sec-fetch-site': 'same-origin',
    });
  });
});

describe('host names this server answers to', () => {
  it.each([
    'localhost:5000',
    'LocalHost:5000',
    'localhost.:5000',
    '127.0.0.1:5000',
    '[::1]:5000',
    '[0:0:0:0:0:0:0:1]:5000',
    'health.example.com',
    'HEALTH.Example.com.',
    'health.example.com:443',
    'care.example.org:8443',
  ])('answers %s', async (host) => {
    const user = await served.inject({ method: 'GET', url: '/api/users/1', headers: { host } });
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({ email: 'alex@example.com' });
    expect((await served.inject({ method: 'GET', url: '/', headers: { host } })).statusCode).toBe(200);
  });

  it('without allowedHosts answers only the loopback names on port 80, as inject() sends them', async () => {
    expect((await api(t.app, 'GET', '/api/users/1')).status).toBe(200);
    expect((await api(t.app, 'GET', '/api/users/1', undefined, { host: 'localhost' })).status).toBe(200);
    expect((await api(t.app, 'GET', '/api/users/1', undefined, { host: 'localhost:5000' })).status).toBe(421);
  });

  describe('over a real socket', () => {
    let port: number;
    beforeAll(async () => {
      await served.listen({ host: '127.0.0.1', port: 0 });
      port = (served.server.address() as { port: number }).port;
    });

    /** The status line's code of a raw request, as a client that writes its own headers sends it. */
    function statusOf(request: string): Promise<number> {
      return new Promise((resolve, reject) => {
        // Written without half-closing: the server answers, then closes (HTTP/1.0, or Connection: close). A client
        // that ended its side at once could have the connection dropped before the answer on a slower database.
        const socket = connect(port, '127.0.0.1', () => socket.write(request));
        let received = '';
        socket.on('data', (chunk) => (received += chunk));
        socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1])));
        socket.on('error', reject);
      });
    }

    it.each([
      // No browser leaves Host out, so no web page can be behind such a request (HAProxy's health check is one).
      ['HTTP/1.0 without Host', 'GET /api/users/1 HTTP/1.0\r\n\r\n', 200],
      ['HTTP/1.0 with a foreign Host', 'GET /api/users/1 HTTP/1.0\r\nHost: evil.example.com:5000\r\n\r\n', 421],
      // Node refuses this one itself, before the app.
      ['HTTP/1.1 without Host', 'GET /api/users/1 HTTP/1.1\r\nConnection: close\r\n\r\n', 400],
      ['HTTP/1.1 with a foreign Host', 'GET /api/users/1 HTTP/1.1\r\nHost: evil.example.com:5000\r\nConnection: close\r\n\r\n', 421],
    ])('answers %s with %i', async (_case, request, status) => {
      expect(await statusOf(request)).toBe(status);
    });
  });
});

const WRITES = [
  ['POST', () => '/api/preventative-care', () => ({ userId: t.userId, careName: 'Flu Shot', dueDate: '2030-10-01' }), 201],
  ['PATCH', () => `/api/users/${t.userId}`, () => ({ displayName: 'Taken Over' }), 200],
  ['DELETE', () => `/api/medical-records/${recordId}`, () => undefined, 204],
] as const;

const FROM_ANOTHER_SITE = [
  ['another site', { origin: 'http://evil.example.com' }, 'Origin: http://evil.example.com'],
  ['another site over https', { origin: 'https://evil.example.com' }, 'Origin: https://evil.example.com'],
  ['another port of localhost', { origin: 'http://localhost:3000' }, 'Origin: http://localhost:3000'],
  ['a name that only begins like localhost', { origin: 'http://localhost.evil.example.com' }, 'Origin: http://localhost.evil.example.com'],
  ['a sandboxed frame or a file:// page', { origin: 'null' }, 'Origin: null'],
  ['a browser extension', { origin: 'chrome-extension://abcdef' }, 'Origin: chrome-extension://abcdef'],
  ['a browser that says cross-site', { 'sec-fetch-site': 'cross-site' }, 'Sec-Fetch-Site: cross-site'],
  [
    'a browser that says same-site (another port of localhost)',
    { 'sec-fetch-site': 'same-site', origin: 'http://localhost:3000' },
    'Sec-Fetch-Site: same-site',
  ],
  ['our Origin but cross-site', { 'sec-fetch-site': 'cross-site', origin: 'http://localhost' }, 'Sec-Fetch-Site: cross-site'],
] as const;

describe('a write sent from another web site', () => {
  const cases = WRITES.flatMap(([method, url, body]) =>
    FROM_ANOTHER_SITE.map(([from, headers, named]) => [method, from, url, body, headers, named] as const),
  );

  it.each(cases)('refuses %s from %s with 403, changing nothing', async (method, _from, url, body, headers, named) => {
    await expectRefused(t, method, url(), body(), 403, `Refused a change sent from another web site (${named})`, { ...headers });
  });

  it.each([
    ['a body that is not JSON', '{"displayName":', 'application/json'],
    ['a body over the 1 MiB limit', JSON.stringify({ displayName: 'x'.repeat(2 * 1024 * 1024) }), 'application/json'],
    ['a body of a type the API refuses', 'displayName=Taken', 'application/x-www-form-urlencoded'],
  ])('refuses it before reading %s', async (_case, payload, contentType) => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${t.userId}`,
      headers: { origin: 'http://evil.example.com', 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Refused a change sent from another web site (Origin: http://evil.example.com)' });
  });

  it('lets another site link to the app and read nothing from the API', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(page.statusCode).toBe(200);
    const read = await t.app.inject({ method: 'GET', url: '/api/users/1', headers: { origin: 'http://evil.example.com', 'sec-fetch-site': 'cross-site' } });
    // A cross-site read goes through, but with no Access-Control-Allow-Origin the other page cannot see it.
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('a write this app or the patient sends', () => {
  const SENDERS = [
    ['the app’s own page', { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' }],
    ['the app’s own page, naming the port', { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' }],
    ['an older browser without Sec-Fetch-Site', { origin: 'http://localhost' }],
    ['the patient’s own doing (Sec-Fetch-Site: none)', { 'sec-fetch-site': 'none' }],
    ['curl or a script (neither header)', {}],
  ] as const;
  const cases = WRITES.flatMap(([method, url, body, status]) => SENDERS.map(([sender, headers]) => [method, sender, url, body, headers, status] as const));

  it.each(cases)('accepts %s from %s', async (method, _sender, url, body, headers, status) => {
    expect((await api(t.app, method, url(), body(), { ...headers })).status).toBe(status);
  });

  it.each([
    ['the app on 127.0.0.1', '127.0.0.1:5000', 'http://127.0.0.1:5000'],
    ['the app on [::1]', '[::1]:5000', 'http://[::1]:5000'],
    ['the app behind a TLS proxy that keeps Host', 'health.example.com', 'https://health.example.com'],
    ['the app behind a TLS proxy that sets its own Host', '127.0.0.1:5000', 'https://health.example.com'],
    ['the app on a public name and port', 'care.example.org:8443', 'https://care.example.org:8443'],
  ])('accepts a same-origin write from %s', async (_case, host, origin) => {
    const response = await api(served, 'PATCH', `/api/users/${t.userId}`, { displayName: 'Sam Lee' }, { host, origin, 'sec-fetch-site': 'same-origin' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ displayName: 'Sam Lee' });
  });

  it('refuses an origin of one of its own names on a port it does not answer to', async () => {
    await expectRefused({ ...t, app: served }, 'PATCH', `/api/users/${t.userId}`, { displayName: 'Sam Lee' }, 403, 'Refused a change sent from another web site (Origin: https://care.example.org)', {
      host: 'care.example.org:8443',
      origin: 'https://care.example.org',
    });
  });
});

describe('the scheme of the page that sends a write', () => {
  const patch = (app: FastifyInstance, host: string, origin: string) =>
    api(app, 'PATCH', `/api/users/${t.userId}`, { displayName: 'Sam Lee' }, { host, origin, 'sec-fetch-site': 'same-origin' });

  it.each([
    ['a plain-http page under a name only a TLS proxy serves', 'health.example.com', 'http://health.example.com', 'https'],
    ['the same behind a proxy that sets its own Host', '127.0.0.1:5000', 'http://health.example.com', 'https'],
    ['a plain-http page on a public name and port', 'care.example.org:8443', 'http://care.example.org:8443', 'https'],
  ])('refuses %s with 403, changing nothing', async (_case, host, origin, allowed) => {
    const message = `Refused a change sent from another web site (Origin: ${origin}; ALLOWED_HOSTS allows this name over ${allowed} only)`;
    await expectRefused({ ...t, app: served }, 'PATCH', `/api/users/${t.userId}`, { displayName: 'Sam Lee' }, 403, message, { host, origin });
  });

  it.each([
    ['http://localhost:5000', 'localhost:5000'],
    ['https://localhost:5000', 'localhost:5000'],
    ['http://127.0.0.1:5000', '127.0.0.1:5000'],
  ])("accepts the server's own name, which names no scheme: %s", async (origin, host) => {
    expect((await patch(served, host, origin)).status).toBe(200);
  });

  it('lets an ALLOWED_HOSTS entry say http:// (a name on the home network without TLS), and then refuses https', async () => {
    const env = loadEnv({ PORT: '5000', ALLOWED_HOSTS: 'http://health.lan:5000, https://care.example.org' });
    const app = await buildApp({ database: t.database, allowedHosts: allowedHostsFor(env) });
    try {
      expect((await patch(app, 'health.lan:5000', 'http://health.lan:5000')).status).toBe(200);
      expect((await patch(app, 'care.example.org', 'https://care.example.org')).status).toBe(200);
      const refused = await patch(app, 'health.lan:5000', 'https://health.lan:5000');
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        message: 'Refused a change sent from another web site (Origin: https://health.lan:5000; ALLOWED_HOSTS allows this name over http only)',
      });
      expect((await patch(app, 'care.example.org', 'http://care.example.org')).status).toBe(403);
    } finally {
      await app.close();
    }
  });
});
