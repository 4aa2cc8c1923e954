import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf } from './db/sample-documents';
import { dataUrl } from '../testing/factories';
import { api, snapshotData, useTestApp } from '../testing/test-app';
import { buildApp } from './app';

const t = useTestApp();

describe('unknown paths', () => {
  it.each([
    ['GET', '/api/nope', 'No such endpoint: GET /api/nope'],
    ['GET', '/api/nope?secret=1', 'No such endpoint: GET /api/nope'],
    ['POST', '/api/users', 'No such endpoint: POST /api/users'],
    ['DELETE', '/api/users/1', 'No such endpoint: DELETE /api/users/1'],
  ] as const)('answers %s %s with a JSON 404', async (method, url, message) => {
    const response = await api(t.app, method, url);
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toEqual({ message });
  });
});

describe('headers', () => {
  it.each([
    ['a success', '/api/health', 200],
    ['a client error', '/api/users/abc', 400],
    ['a not-found', '/api/users/999', 404],
    ['an unknown path', '/api/nope', 404],
  ])('marks %s as not to be cached or sniffed, under a content security policy', async (_case, url, status) => {
    const response = await api(t.app, 'GET', url);
    expect(response.status).toBe(status);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toEqual(expect.stringContaining("default-src 'self'"));
    expect(response.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('gives each request its own X-Request-Id', async () => {
    const first = await api(t.app, 'GET', '/api/health');
    const second = await api(t.app, 'GET', '/api/health');
    expect(first.headers['x-request-id']).toBeTruthy();
    expect(second.headers['x-request-id']).toBeTruthy();
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('sends a content security policy and nosniff outside the API too', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBeTruthy();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toBeTruthy();
  });
});

describe('request bodies', () => {
  it('refuses a JSON body over 1 MiB on a route other than the upload with 413, changing nothing', async () => {
    const before = await snapshotData(t.db);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${t.userId}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ displayName: 'A'.repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: 'Request body is too large' });
    expect(response.headers['x-request-id']).toBeTruthy();
    expect(await snapshotData(t.db)).toEqual(before);
  });

  it('lets a body just under 1 MiB through to the contract, which judges it (400, not 413)', async () => {
    // A 900 KB avatar passes the body limit; the contract then refuses it as too large an image.
    const before = await snapshotData(t.db);
    const response = await api(t.app, 'PATCH', `/api/users/${t.userId}`, {
      avatarUrl: `data:image/png;base64,${'A'.repeat(900_000)}`,
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'avatarUrl: must be an image of at most 500 KB' });
    expect(await snapshotData(t.db)).toEqual(before);
  });

  it.each([
    ['POST', '/api/medical-records'],
    ['PATCH', '/api/users/1'],
  ] as const)('refuses a text/plain body on %s %s with a JSON 415, changing nothing', async (method, url) => {
    const before = await snapshotData(t.db);
    const pdf = samplePdf('Note', ['text']);
    const body = JSON.stringify({
      userId: t.userId,
      filename: 'note.pdf',
      fileType: 'application/pdf',
      fileSize: pdf.length,
      fileContents: dataUrl(pdf, 'application/pdf'),
      displayName: 'Plain Text',
    });
    const response = await t.app.inject({ method, url, headers: { 'content-type': 'text/plain' }, payload: body });
    expect(response.statusCode).toBe(415);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: 'Send the request body as application/json' });
    expect(await snapshotData(t.db)).toEqual(before);
  });

  it('refuses a form-encoded body with a JSON 415', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${t.userId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'displayName=Form+Post',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Send the request body as application/json' });
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${t.userId}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"displayName":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON' });
  });
});

describe('unexpected errors', () => {
  const SECRET = 'connect ECONNREFUSED postgres://admin:hunter2@db.internal:5432/prod';
  const logLines: string[] = [];
  let failing: FastifyInstance;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    failing = await buildApp({ database: t.database, logger: { level: 'error', stream } });
    failing.get('/api/test-only/explode', async () => {
      throw new Error(SECRET);
    });
    await failing.ready();
  });

  afterAll(async () => {
    await failing?.close();
  });

  it('answers 500 with a message that names the request but not the internal error, and logs it', async () => {
    const response = await api(failing, 'GET', '/api/test-only/explode');
    expect(response.status).toBe(500);
    const requestId = response.headers['x-request-id'];
    expect(requestId).toEqual(expect.any(String));
    expect(response.body).toEqual({ message: `Something went wrong on our side (request ${requestId})` });
    expect(JSON.stringify(response.body)).not.toMatch(/hunter2|ECONNREFUSED|db\.internal|stack/i);
    expect(response.headers['cache-control']).toBe('no-store');

    const logged = logLines.map((line) => JSON.parse(line) as { reqId?: string; err?: { message?: string } });
    // Logged with what failed, but not the database URL in its message (logging/log-text.ts).
    expect(logged).toContainEqual(expect.objectContaining({ reqId: requestId, err: expect.objectContaining({ message: 'connect ECONNREFUSED <address>' }) }));
    expect(logLines.join('')).not.toContain('hunter2');
  });
});
