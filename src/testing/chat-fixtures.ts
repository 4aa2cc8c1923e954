import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ChatStreamChunk } from '../shared/contracts/chat';
import { buildApp } from '../server/app';
import type { Database } from '../server/db/client';
import { api, snapshotData, type TestContext } from './test-app';

/** What the chat routes' tests share: the widget's requests, and reading the answers and the history back. */

export const send = (sessionId: string, chatInput: string, extra: Record<string, unknown> = {}) => ({ action: 'sendMessage', sessionId, chatInput, ...extra });
export const load = (sessionId: string) => ({ action: 'loadPreviousSession', sessionId });

/** A multipart body exactly as a browser's FormData is sent, with its boundary. */
export async function multipart(fields: Record<string, string>, files: { name: string; type: string; bytes: Buffer }[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

export async function postMultipart(app: FastifyInstance, fields: Record<string, string>, files: { name: string; type: string; bytes: Buffer }[]) {
  const { payload, headers } = await multipart(fields, files);
  const response = await app.inject({ method: 'POST', url: '/api/chat/n8n', payload, headers });
  return { status: response.statusCode, body: response.json() };
}

/** A streamed answer, read back line by line. */
export function streamed(body: string): ChatStreamChunk[] {
  return body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ChatStreamChunk);
}

export async function history(app: FastifyInstance, sessionId: string) {
  const response = await api(app, 'POST', '/api/chat/n8n', load(sessionId));
  expect(response.status).toBe(200);
  return (response.body.data as { id: string[]; kwargs: { content: string } }[]).map(({ id, kwargs }) => [id[2], kwargs.content]);
}

/**
 * A request refused with `status` and `message` that kept nothing of the conversation: every table as it was, but
 * for the per-minute limit's count, which a request that reached n8n or the model adds to.
 */
export async function expectFailedKeepingNothing(db: Database, app: FastifyInstance, url: string, body: unknown, status: number, message: string | RegExp) {
  const { chat_requests: _before, ...before } = await snapshotData(db);
  const response = await api(app, 'POST', url, body);
  expect(response.status).toBe(status);
  if (typeof message === 'string') expect(response.body).toEqual({ message });
  else expect(response.body.message).toMatch(message);
  const { chat_requests: _after, ...after } = await snapshotData(db);
  expect(after).toEqual(before);
}

/**
 * The process's first fetch loads its HTTP client, which on a busy machine takes a good part of the 400 ms these
 * tests give n8n or the model to answer: made once before them (to the stand-in itself), so that the budget measures
 * the stand-in, as it did when these tests ran after the built-in assistant's in one file.
 */
export async function warmUpFetch(url: string) {
  await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((response) => response.arrayBuffer());
}

export async function appWith(context: TestContext, chat: Parameters<typeof buildApp>[0]['chat']) {
  return buildApp({ database: context.database, chat });
}
