import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, statusOf } from '../api-client';
import { askForAnalysis, refusalOf, sendN8nMessage } from './chat';

interface Received {
  method?: string;
  url?: string;
  headers: IncomingMessage['headers'];
  body: string;
}

describe('the chat requests, against a real local server', () => {
  let server: Server;
  let base = '';
  let received: Received | null = null;
  let answer: { status: number; body: string } = { status: 200, body: '' };

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received = { method: request.method, url: request.url, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
        response.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
    // The functions call the app's own paths ('/api/…'); here they go to the local server instead.
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (path: string, init?: RequestInit) => realFetch(`${base}${path}`, init));
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    received = null;
    answer = { status: 200, body: '{"type":"item","content":"Hello","metadata":{"nodeId":"a","runIndex":0}}\n' };
  });

  const message = (files: File[] = []) => ({
    sessionId: 'a2b0e0f4-3c1d-4e5f-9a8b-7c6d5e4f3a2b',
    text: 'When is my next appointment?',
    files,
    signal: new AbortController().signal,
    onUpdate: () => {},
  });

  it('sends a message as JSON, asking for the streamed answer', async () => {
    const reply = await sendN8nMessage(message());
    expect(reply.bubbles.map((b) => b.text)).toEqual(['Hello']);
    expect(received?.url).toBe('/api/chat/n8n');
    expect(received?.headers.accept).toBe('text/plain');
    expect(received?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(received!.body)).toEqual({
      action: 'sendMessage',
      sessionId: 'a2b0e0f4-3c1d-4e5f-9a8b-7c6d5e4f3a2b',
      chatInput: 'When is my next appointment?',
    });
  });

  it('sends files as multipart, the fields beside them and each file under `files`', async () => {
    await sendN8nMessage(message([new File(['hello'], 'note.txt', { type: 'text/plain' }), new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' })]));
    expect(received?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(received?.headers.accept).toBe('text/plain');
    const body = received!.body;
    expect(body).toContain('name="action"\r\n\r\nsendMessage');
    expect(body).toContain('name="sessionId"\r\n\r\na2b0e0f4-3c1d-4e5f-9a8b-7c6d5e4f3a2b');
    expect(body).toContain('name="chatInput"\r\n\r\nWhen is my next appointment?');
    expect(body).toContain('name="files"; filename="note.txt"');
    expect(body).toContain('name="files"; filename="scan.pdf"');
  });

  it("rejects with '{status}: {body}' on a refusal", async () => {
    answer = { status: 429, body: '{"message":"Too many messages; wait a minute"}' };
    const failure = await sendN8nMessage(message()).catch((error: unknown) => error);
    expect(statusOf(failure)).toBe(429);
    expect(refusalOf(failure)).toBe('Too many messages; wait a minute');
  });

  it('asks for an analysis with the question', async () => {
    answer = { status: 200, body: '{"output":"An answer"}' };
    const reply = await askForAnalysis('Is 8 glasses enough?', new AbortController().signal, () => {});
    expect(reply.bubbles.map((b) => b.text)).toEqual(['An answer']);
    expect(received?.url).toBe('/api/chat/analysis');
    expect(JSON.parse(received!.body)).toEqual({ question: 'Is 8 glasses enough?' });
  });
});

describe('refusalOf', () => {
  it.each([
    [new ApiError(400, '{"message":"chatInput: A message can be at most 4,000 characters"}'), 'chatInput: A message can be at most 4,000 characters'],
    [new ApiError(502, '{"message":"The workflow did not answer"}'), null],
    [new TypeError('Failed to fetch'), null],
  ])('%s → %s', (error, expected) => {
    expect(refusalOf(error)).toBe(expected);
  });
});
