import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX_LENGTH, type ChatStreamChunk } from '../../shared/contracts/chat';
import { samplePdf, samplePng } from '../db/sample-documents';
import { buildApp } from '../app';
import type { N8nConfig } from '../env';
import { createAppointment, createProvider } from '../../testing/factories';
import { startN8nStandIn, streamLine, type N8nStandIn } from '../../testing/n8n-stand-in';
import { unreachableAddress } from '../../testing/call-service-stand-in';
import { startLanguageModelStandIn, type LanguageModelStandIn } from '../../testing/language-model-stand-in';
import { openAiCompatibleModel } from '../services/language-model/openai-compatible';
import { api, expectRefused, snapshotData, useTestApp, type TestContext } from '../../testing/test-app';

const t = useTestApp();

const send = (sessionId: string, chatInput: string, extra: Record<string, unknown> = {}) => ({ action: 'sendMessage', sessionId, chatInput, ...extra });
const load = (sessionId: string) => ({ action: 'loadPreviousSession', sessionId });

/** A multipart body exactly as a browser's FormData is sent, with its boundary. */
async function multipart(fields: Record<string, string>, files: { name: string; type: string; bytes: Buffer }[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

async function postMultipart(app: FastifyInstance, fields: Record<string, string>, files: { name: string; type: string; bytes: Buffer }[]) {
  const { payload, headers } = await multipart(fields, files);
  const response = await app.inject({ method: 'POST', url: '/api/chat/n8n', payload, headers });
  return { status: response.statusCode, body: response.json() };
}

/** A streamed answer, read back line by line. */
function streamed(body: string): ChatStreamChunk[] {
  return body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ChatStreamChunk);
}

async function history(app: FastifyInstance, sessionId: string) {
  const response = await api(app, 'POST', '/api/chat/n8n', load(sessionId));
  expect(response.status).toBe(200);
  return (response.body.data as { id: string[]; kwargs: { content: string } }[]).map(({ id, kwargs }) => [id[2], kwargs.content]);
}

/**
 * A request refused with `status` and `message` that kept nothing of the conversation: every table as it was, but
 * for the per-minute limit's count, which a request that reached n8n or the model adds to.
 */
async function expectFailedKeepingNothing(app: FastifyInstance, url: string, body: unknown, status: number, message: string | RegExp) {
  const { chat_requests: _before, ...before } = await snapshotData(t.db);
  const response = await api(app, 'POST', url, body);
  expect(response.status).toBe(status);
  if (typeof message === 'string') expect(response.body).toEqual({ message });
  else expect(response.body.message).toMatch(message);
  const { chat_requests: _after, ...after } = await snapshotData(t.db);
  expect(after).toEqual(before);
}

async function appWith(context: TestContext, chat: Parameters<typeof buildApp>[0]['chat']) {
  return buildApp({ database: context.database, chat });
}

describe('GET /api/chat/assistant', () => {
  it('says the built-in assistant answers when nothing is configured', async () => {
    const response = await api(t.app, 'GET', '/api/chat/assistant');
    expect(response).toMatchObject({ status: 200, body: { n8n: false, workflow: false, languageModel: false } });
  });
});

describe('POST /api/chat/n8n with the built-in assistant', () => {
  it('answers sendMessage with { output } from the patient’s own data, and keeps the exchange', async () => {
    const provider = await createProvider(t.db, t.userId, { name: 'Dr. Rivera', specialty: 'Primary Care' });
    await createAppointment(t.db, t.userId, provider.id, { appointmentType: 'Annual Physical', appointmentDate: '2099-03-04', appointmentTime: '14:00' });
    const sessionId = randomUUID();
    const response = await api(t.app, 'POST', '/api/chat/n8n', send(sessionId, 'When is my next appointment?'));
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['output']);
    expect(response.body.output).toContain('Annual Physical');
    expect(response.body.output).toContain('Dr. Rivera');
    expect(response.body.output).toMatch(/March 4, 2099/);
    expect(await history(t.app, sessionId)).toEqual([
      ['HumanMessage', 'When is my next appointment?'],
      ['AIMessage', response.body.output],
    ]);
  });

  it('answers loadPreviousSession in LangChain form; an unknown session has an empty history, and sessions stay apart', async () => {
    const first = randomUUID();
    await api(t.app, 'POST', '/api/chat/n8n', send(first, 'Hello'));
    const response = await api(t.app, 'POST', '/api/chat/n8n', load(first));
    expect(response.body.data[0]).toEqual({
      lc: 1,
      type: 'constructor',
      id: ['langchain_core', 'messages', 'HumanMessage'],
      kwargs: { content: 'Hello', additional_kwargs: {} },
    });
    expect(await history(t.app, randomUUID())).toEqual([]);
  });

  it('streams n8n’s begin / item / end lines when asked with Accept: text/plain, and keeps the whole reply', async () => {
    const sessionId = randomUUID();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chat/n8n',
      payload: send(sessionId, 'What medications do I have on file?'),
      headers: { accept: 'text/plain' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-encoding']).toBeUndefined();
    const chunks = streamed(response.body);
    expect(chunks.map((chunk) => chunk.type)).toEqual(['begin', 'item', 'end']);
    expect(chunks[0]!.metadata).toMatchObject({ nodeId: expect.any(String), runIndex: 0, itemIndex: 0, timestamp: expect.any(Number) });
    expect(await history(t.app, sessionId)).toEqual([
      ['HumanMessage', 'What medications do I have on file?'],
      ['AIMessage', chunks[1]!.content],
    ]);
  });

  it('puts an emergency first: the reply starts by telling the patient to call 911', async () => {
    const response = await api(t.app, 'POST', '/api/chat/n8n', send(randomUUID(), 'I have crushing chest pain right now'));
    expect(response.status).toBe(200);
    expect(response.body.output).toMatch(/^[^.]*911/);
  });

  it.each([
    ['no action', { sessionId: 'abc', chatInput: 'Hi' }, /^action: /],
    ['an unknown action', { action: 'deleteEverything', sessionId: 'abc' }, /^action: /],
    ['no session', { action: 'sendMessage', chatInput: 'Hi' }, /^sessionId: /],
    ['a session id with spaces', { action: 'loadPreviousSession', sessionId: 'a b' }, /^sessionId: /],
    ['no text', { action: 'sendMessage', sessionId: 'abc' }, /^chatInput: /],
    ['a blank text', send('abc', '   \n '), /^chatInput: Type a message first$/],
    ['a text over 4,000 characters', send('abc', 'a'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1)), /^chatInput: A message can be at most 4,000 characters$/],
    ['metadata that is not an object', send('abc', 'Hi', { metadata: 'x' }), /^metadata: /],
  ])('refuses %s with a 400 that names the field, and keeps nothing', async (_, body, message) => {
    await expectRefused(t, 'POST', '/api/chat/n8n', body, 400, message);
  });

  it('accepts a message of exactly 4,000 characters', async () => {
    const response = await api(t.app, 'POST', '/api/chat/n8n', send(randomUUID(), 'a'.repeat(CHAT_MESSAGE_MAX_LENGTH)));
    expect(response.status).toBe(200);
  });

  it('takes a multipart message with files, keeping their names and types (never their bytes)', async () => {
    const sessionId = randomUUID();
    const response = await postMultipart(t.app, { action: 'sendMessage', sessionId, chatInput: 'Here is my lab report', metadata: '{}' }, [
      { name: 'labs.pdf', type: 'application/pdf', bytes: samplePdf('Lab report', ['Cholesterol 180']) },
      { name: 'rash.png', type: 'image/png', bytes: samplePng(4, 4) },
    ]);
    expect(response.status).toBe(200);
    expect(response.body.output).toEqual(expect.any(String));
    const { chat_messages: messages } = (await snapshotData(t.db)) as { chat_messages: { role: string; attachments: unknown }[] };
    expect(messages.find((message) => message.role === 'user')?.attachments).toEqual([
      { name: 'labs.pdf', type: 'application/pdf', size: samplePdf('Lab report', ['Cholesterol 180']).length },
      { name: 'rash.png', type: 'image/png', size: samplePng(4, 4).length },
    ]);
  });

  it('refuses a file that is not a PDF, JPEG, PNG or text by its content (415), and files over 20 MB in all (413)', async () => {
    const sessionId = randomUUID();
    const before = await snapshotData(t.db);
    const fields = { action: 'sendMessage', sessionId, chatInput: 'See attached' };
    const disguised = await postMultipart(t.app, fields, [{ name: 'report.pdf', type: 'application/pdf', bytes: Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]) }]);
    expect(disguised).toEqual({ status: 415, body: { message: 'files: "report.pdf" is not a PDF, JPEG, PNG or plain text file' } });
    const big = Buffer.alloc(11 * 1024 * 1024, 'a');
    const tooLarge = await postMultipart(t.app, fields, [
      { name: 'a.txt', type: 'text/plain', bytes: big },
      { name: 'b.txt', type: 'text/plain', bytes: big },
    ]);
    expect(tooLarge).toEqual({ status: 413, body: { message: 'files: Attachments can be at most 20 MB in all' } });
    const noAction = await postMultipart(t.app, { sessionId, chatInput: 'Hi' }, []);
    expect(noAction.status).toBe(400);
    expect(await snapshotData(t.db)).toEqual(before);
  });

  it('limits messages a minute over both chats (429), keeping nothing of a refused one', async () => {
    const app = await appWith(t, { messagesPerMinute: 2 });
    try {
      const sessionId = randomUUID();
      expect((await api(app, 'POST', '/api/chat/n8n', send(sessionId, 'one'))).status).toBe(200);
      expect((await api(app, 'POST', '/api/chat/workflow', { chatId: 'health_abc123XYZ', message: 'two', route: 'health' })).status).toBe(200);
      const limited = 'You can send at most 2 messages a minute. Please wait a moment and try again.';
      await expectRefused({ ...t, app }, 'POST', '/api/chat/n8n', send(sessionId, 'three'), 429, limited);
      // A minute later the count starts again.
      await t.db.execute(sql`update chat_requests set created_at = created_at - interval '61 seconds'`);
      expect((await api(app, 'POST', '/api/chat/n8n', send(sessionId, 'five'))).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('counts requests sent at once one by one: of five at a limit of two, two are answered', async () => {
    const app = await appWith(t, { messagesPerMinute: 2 });
    try {
      const statuses = await Promise.all([1, 2, 3, 4, 5].map(async (n) => (await api(app, 'POST', '/api/chat/n8n', send(randomUUID(), `at once ${n}`))).status));
      expect(statuses.sort()).toEqual([200, 200, 429, 429, 429]);
    } finally {
      await app.close();
    }
  });

  it('says after its answer that it cannot open attached files', async () => {
    const response = await postMultipart(t.app, { action: 'sendMessage', sessionId: randomUUID(), chatInput: 'How do I upload a record?' }, [
      { name: 'note.txt', type: 'text/plain', bytes: Buffer.from('Blood pressure 120/80') },
    ]);
    expect(response.status).toBe(200);
    expect(response.body.output).toMatch(/Medical Records[\s\S]*\n\n\(I can't open attached files: I answered from your records\./);
  });

  it('refuses a multipart body cut short with a 400, not a 500', async () => {
    const { payload, headers } = await multipart({ action: 'sendMessage', sessionId: 'abc', chatInput: 'Hi' }, [
      { name: 'a.pdf', type: 'application/pdf', bytes: samplePdf('A', ['b']) },
    ]);
    const response = await t.app.inject({ method: 'POST', url: '/api/chat/n8n', payload: payload.subarray(0, payload.length - 60), headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The multipart body could not be read' });
  });
});

describe('DELETE /api/chat/history', () => {
  it('deletes every conversation of the patient in both chats', async () => {
    const sessionId = randomUUID();
    await api(t.app, 'POST', '/api/chat/n8n', send(sessionId, 'Hello'));
    await api(t.app, 'POST', '/api/chat/workflow', { chatId: 'health_abc123XYZ', message: 'Hello', route: 'health' });
    const response = await api(t.app, 'DELETE', '/api/chat/history');
    expect(response.status).toBe(204);
    expect(await history(t.app, sessionId)).toEqual([]);
    const { chat_sessions: sessions, chat_messages: messages } = await snapshotData(t.db);
    expect([sessions, messages]).toEqual([[], []]);
  });
});

describe('POST /api/chat/workflow with the built-in assistant', () => {
  it('answers { output } and keeps the exchange under the chatId', async () => {
    const response = await api(t.app, 'POST', '/api/chat/workflow', { chatId: 'health_abc123XYZ', message: 'How do I upload a record?', route: 'health' });
    expect(response.status).toBe(200);
    expect(response.body.output).toMatch(/Medical Records/);
  });

  it.each([
    ['a chatId without the prefix', { chatId: 'abc123XYZ', message: 'Hi', route: 'health' }, /^chatId: /],
    ['a chatId of 8 characters', { chatId: 'health_abc123XY', message: 'Hi', route: 'health' }, /^chatId: /],
    ['another route', { chatId: 'health_abc123XYZ', message: 'Hi', route: 'billing' }, "route: must be 'health'"],
    ['a blank message', { chatId: 'health_abc123XYZ', message: ' ', route: 'health' }, 'message: Type a message first'],
  ])('refuses %s with a 400', async (_, body, message) => {
    await expectRefused(t, 'POST', '/api/chat/workflow', body, 400, message);
  });
});

describe('POST /api/chat/analysis without a language model', () => {
  it('is a 409 that says a model is needed', async () => {
    await expectRefused(t, 'POST', '/api/chat/analysis', { question: 'Am I due for anything?' }, 409, /language model/);
  });
});

describe('with n8n configured', () => {
  let n8n: N8nStandIn;
  let app: FastifyInstance;
  const config = (overrides: Partial<N8nConfig> = {}): N8nConfig => ({
    chatUrl: n8n.url,
    workflowUrl: `${n8n.url}/workflow`,
    authHeader: ['X-N8N-Key', 'secret-123'],
    timeoutMs: 400,
    inputKey: 'chatInput',
    sessionKey: 'sessionId',
    ...overrides,
  });

  beforeAll(async () => {
    n8n = await startN8nStandIn();
    app = await appWith(t, { n8n: config() });
  });
  beforeEach(() => {
    n8n.received.length = 0;
    n8n.answerWith({ json: { output: 'Hello from n8n' } });
  });
  afterAll(async () => {
    await app.close();
    await n8n.close();
  });

  it('says so in GET /api/chat/assistant', async () => {
    expect((await api(app, 'GET', '/api/chat/assistant')).body).toEqual({ n8n: true, workflow: true, languageModel: false });
  });

  it('forwards sendMessage as JSON with the auth header and passes { output } back, keeping a copy', async () => {
    const sessionId = randomUUID();
    const response = await api(app, 'POST', '/api/chat/n8n', send(sessionId, 'Hi', { metadata: { source: 'tab' } }));
    expect(response).toMatchObject({ status: 200, body: { output: 'Hello from n8n' } });
    expect(n8n.received).toHaveLength(1);
    expect(n8n.received[0]!.fields).toEqual({ action: 'sendMessage', sessionId, chatInput: 'Hi', metadata: { source: 'tab' } });
    expect(n8n.received[0]!.headers).toMatchObject({ 'x-n8n-key': 'secret-123', 'content-type': 'application/json', accept: 'application/json' });
    n8n.answerWith({ json: { data: [] } });
    expect(await history(app, sessionId)).toEqual([
      ['HumanMessage', 'Hi'],
      ['AIMessage', 'Hello from n8n'],
    ]);
  });

  it('renames the fields to what the workflow reads (N8N_CHAT_INPUT_KEY, N8N_CHAT_SESSION_KEY)', async () => {
    const renamed = await appWith(t, { n8n: config({ inputKey: 'question', sessionKey: 'conversation' }) });
    try {
      await api(renamed, 'POST', '/api/chat/n8n', send('s-1', 'Hi'));
      expect(n8n.received[0]!.fields).toEqual({ action: 'sendMessage', conversation: 's-1', question: 'Hi' });
    } finally {
      await renamed.close();
    }
  });

  it('reads text, and shows any other JSON whole, as the widget does', async () => {
    n8n.answerWith({ json: { text: 'From text' } });
    expect((await api(app, 'POST', '/api/chat/n8n', send('s-2', 'Hi'))).body).toEqual({ output: 'From text' });
    n8n.answerWith({ json: { answer: 42 } });
    expect((await api(app, 'POST', '/api/chat/n8n', send('s-2', 'Hi'))).body).toEqual({ output: '{\n  "answer": 42\n}' });
  });

  it('passes n8n’s stream through line by line to a browser that asked for it: two runs, two bubbles', async () => {
    n8n.answerWith({
      lines: [
        streamLine('begin'),
        streamLine('item', 'Your next '),
        streamLine('item', 'visit is soon.'),
        streamLine('end'),
        streamLine('begin', undefined, { runIndex: 1 }),
        streamLine('item', 'Anything else?', { runIndex: 1 }),
        streamLine('end', undefined, { runIndex: 1 }),
      ],
      gapMs: 5,
    });
    const sessionId = randomUUID();
    const response = await app.inject({ method: 'POST', url: '/api/chat/n8n', payload: send(sessionId, 'Hi'), headers: { accept: 'text/plain' } });
    expect(n8n.received[0]!.headers.accept).toBe('text/plain');
    const chunks = streamed(response.body);
    expect(chunks.map((chunk) => [chunk.type, chunk.content ?? null, chunk.metadata.runIndex])).toEqual([
      ['begin', null, 0],
      ['item', 'Your next ', 0],
      ['item', 'visit is soon.', 0],
      ['end', null, 0],
      ['begin', null, 1],
      ['item', 'Anything else?', 1],
      ['end', null, 1],
    ]);
    n8n.answerWith({ json: {} });
    expect((await history(app, sessionId)).at(-1)).toEqual(['AIMessage', 'Your next visit is soon.\n\nAnything else?']);
  });

  it('bridges the two ways: a stream to a JSON browser is joined into { output }, JSON to a streaming browser becomes lines', async () => {
    n8n.answerWith({ lines: [streamLine('begin'), streamLine('item', 'Joined '), streamLine('item', 'up.'), streamLine('end')] });
    expect((await api(app, 'POST', '/api/chat/n8n', send('s-3', 'Hi'))).body).toEqual({ output: 'Joined up.' });
    n8n.answerWith({ json: { output: 'Whole' } });
    const response = await app.inject({ method: 'POST', url: '/api/chat/n8n', payload: send('s-3', 'Hi'), headers: { accept: 'text/plain' } });
    expect(streamed(response.body).map((chunk) => [chunk.type, chunk.content ?? null])).toEqual([
      ['begin', null],
      ['item', 'Whole'],
      ['end', null],
    ]);
  });

  it('forwards a multipart message with its files under `files`', async () => {
    const pdf = samplePdf('Scan', ['Page one']);
    const response = await postMultipart(app, { action: 'sendMessage', sessionId: 's-4', chatInput: 'See attached', metadata: '{"a":1}' }, [
      { name: 'scan.pdf', type: 'application/pdf', bytes: pdf },
    ]);
    expect(response).toEqual({ status: 200, body: { output: 'Hello from n8n' } });
    const [received] = n8n.received;
    expect(received!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(received!.fields).toEqual({ action: 'sendMessage', sessionId: 's-4', chatInput: 'See attached', metadata: '{"a":1}' });
    expect(received!.files).toEqual([{ name: 'scan.pdf', type: 'application/pdf', bytes: pdf }]);
  });

  it('answers loadPreviousSession from n8n’s memory when it has one, else from the copy the app kept', async () => {
    await api(app, 'POST', '/api/chat/n8n', send('s-5', 'Kept here'));
    n8n.answerWith({
      json: {
        data: [
          { lc: 1, type: 'constructor', id: ['langchain_core', 'messages', 'HumanMessage'], kwargs: { content: 'From memory', additional_kwargs: {} } },
          { lc: 1, type: 'constructor', id: ['langchain_core', 'messages', 'AIMessage'], kwargs: { content: 'Remembered', additional_kwargs: {} } },
        ],
      },
    });
    expect(await history(app, 's-5')).toEqual([
      ['HumanMessage', 'From memory'],
      ['AIMessage', 'Remembered'],
    ]);
    expect(n8n.received.at(-1)!.fields).toEqual({ action: 'loadPreviousSession', sessionId: 's-5' });
    n8n.answerWith({ json: { data: [] } });
    expect(await history(app, 's-5')).toEqual([
      ['HumanMessage', 'Kept here'],
      ['AIMessage', 'Hello from n8n'],
    ]);
  });

  it.each([
    ['a 500', { json: { message: 'Error in workflow' }, status: 500 } as const, 502, 'n8n answered 500'],
    ['a 401', { text: 'Authorization data is wrong!', status: 401, headers: { 'www-authenticate': 'Basic' } }, 502, 'n8n refused the request (401): check N8N_CHAT_AUTH_HEADER'],
    ['a WebSocket-mode answer', { json: { executionStarted: true, executionId: '12' } }, 502, /answers through a WebSocket/],
    ['no answer within the timeout', 'no answer' as const, 504, 'n8n did not answer in time'],
  ])('turns %s from n8n into a clean error, keeping nothing', async (_, answer, status, message) => {
    n8n.answerWith(answer);
    await expectFailedKeepingNothing(app, '/api/chat/n8n', send('s-6', 'Hi'), status, message);
  });

  it('ends a stream that stalls with an error line (504’s message) and keeps nothing', async () => {
    n8n.answerWith({ lines: [streamLine('begin'), streamLine('item', 'Half'), streamLine('end')], stallAfter: 2 });
    const { chat_requests: _before, ...before } = await snapshotData(t.db);
    const response = await app.inject({ method: 'POST', url: '/api/chat/n8n', payload: send('s-7', 'Hi'), headers: { accept: 'text/plain' } });
    const chunks = streamed(response.body);
    expect(chunks.map((chunk) => chunk.type)).toEqual(['begin', 'item', 'error']);
    expect(chunks.at(-1)!.content).toBe('n8n stopped answering');
    const { chat_requests: _after, ...after } = await snapshotData(t.db);
    expect(after).toEqual(before);
  });

  it('passes on an error line of n8n’s stream, and a JSON browser gets a 502 with its message', async () => {
    n8n.answerWith({ lines: [streamLine('begin'), streamLine('error', 'Model quota exceeded')] });
    expect(await api(app, 'POST', '/api/chat/n8n', send('s-8', 'Hi'))).toMatchObject({ status: 502, body: { message: 'Model quota exceeded' } });
  });

  it('answers an emergency itself, by the rule, before n8n is asked: on the n8n tab and on the workflow page', async () => {
    const tab = await api(app, 'POST', '/api/chat/n8n', send('s-11', 'My father has slurred speech and his face is drooping'));
    expect(tab.body.output).toMatch(/^[^.]*911/);
    const page = await api(app, 'POST', '/api/chat/workflow', { chatId: 'health_abc123XYZ', message: 'I want to kill myself', route: 'health' });
    expect(page.body.output).toMatch(/988/);
    expect(n8n.received).toEqual([]);
  });

  it('is a 502 when n8n answers more than a chat reply can be', async () => {
    n8n.answerWith({ json: { output: 'a'.repeat(250_000) } });
    await expectFailedKeepingNothing(app, '/api/chat/n8n', send('s-12', 'Hi'), 502, "n8n's answer is longer than a chat reply can be");
  });

  it('is a 502 when n8n cannot be reached', async () => {
    const nowhere = await appWith(t, { n8n: config({ chatUrl: await unreachableAddress() }) });
    try {
      expect(await api(nowhere, 'POST', '/api/chat/n8n', send('s-9', 'Hi'))).toMatchObject({ status: 502, body: { message: 'n8n could not be reached' } });
    } finally {
      await nowhere.close();
    }
  });

  it('forwards the workflow page’s { chatId, message, route } and passes { output } back; a missing output stays missing', async () => {
    n8n.answerWith({ json: { output: 'Workflow says hi' } });
    const body = { chatId: 'health_abc123XYZ', message: 'Hello', route: 'health' };
    expect(await api(app, 'POST', '/api/chat/workflow', body)).toMatchObject({ status: 200, body: { output: 'Workflow says hi' } });
    expect(n8n.received[0]).toMatchObject({ url: '/webhook/0c7b4d1e-chat/chat/workflow', fields: body });
    n8n.answerWith({ json: [{ output: 'From an item list' }] });
    expect((await api(app, 'POST', '/api/chat/workflow', body)).body).toEqual({ output: 'From an item list' });
    n8n.answerWith({ json: { result: 'no output field' } });
    expect((await api(app, 'POST', '/api/chat/workflow', body)).body).toEqual({});
    n8n.answerWith({ json: { message: 'Error in workflow' }, status: 500 });
    expect(await api(app, 'POST', '/api/chat/workflow', body)).toMatchObject({ status: 502, body: { message: 'n8n answered 500' } });
  });
});

describe('with a language model configured', () => {
  let model: LanguageModelStandIn;
  let app: FastifyInstance;

  beforeAll(async () => {
    model = await startLanguageModelStandIn();
    app = await appWith(t, { languageModel: openAiCompatibleModel({ baseUrl: `${model.url}/v1`, model: 'llama3.2', apiKey: null, timeoutMs: 400 }) });
  });
  beforeEach(() => {
    model.requests.length = 0;
    model.answerWith(['Your next visit ', 'is on March 4.']);
  });
  afterAll(async () => {
    await app.close();
    await model.close();
  });

  it('says so in GET /api/chat/assistant', async () => {
    expect((await api(app, 'GET', '/api/chat/assistant')).body).toEqual({ n8n: false, workflow: false, languageModel: true });
  });

  it('asks the model with the safety rules and the patient’s facts, and streams its pieces to the n8n tab', async () => {
    const provider = await createProvider(t.db, t.userId, { name: 'Dr. Rivera' });
    await createAppointment(t.db, t.userId, provider.id, { appointmentType: 'Dental Cleaning', appointmentDate: '2099-03-04' });
    const sessionId = randomUUID();
    await api(app, 'POST', '/api/chat/n8n', send(sessionId, 'Hello'));
    const response = await app.inject({ method: 'POST', url: '/api/chat/n8n', payload: send(sessionId, 'When is my next visit?'), headers: { accept: 'text/plain' } });
    expect(streamed(response.body).map((chunk) => [chunk.type, chunk.content ?? null])).toEqual([
      ['begin', null],
      ['item', 'Your next visit '],
      ['item', 'is on March 4.'],
      ['end', null],
    ]);
    const { body } = model.requests.at(-1)! as { body: { model: string; stream: boolean; messages: { role: string; content: string }[] } };
    expect(body).toMatchObject({ model: 'llama3.2', stream: true });
    const [system, ...turns] = body.messages;
    expect(system!.role).toBe('system');
    expect(system!.content).toMatch(/911/);
    expect(system!.content).toContain('Dental Cleaning');
    expect(system!.content).toContain('Dr. Rivera');
    // The conversation so far comes along, so a follow-up question makes sense to the model.
    expect(turns).toEqual([
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'Your next visit is on March 4.' },
      { role: 'user', content: 'When is my next visit?' },
    ]);
    expect((await history(app, sessionId)).at(-1)).toEqual(['AIMessage', 'Your next visit is on March 4.']);
  });

  it('answers an emergency by the rule, without asking the model', async () => {
    const response = await api(app, 'POST', '/api/chat/n8n', send(randomUUID(), 'I think I am having a stroke'));
    expect(response.body.output).toMatch(/^[^.]*911/);
    const analysis = await api(app, 'POST', '/api/chat/analysis', { question: 'I have crushing chest pain' });
    expect(analysis.body.output).toMatch(/^[^.]*911/);
    expect(model.requests).toEqual([]);
  });

  it('answers Get AI Analysis through the model, as { output } or streamed, keeping nothing but its count', async () => {
    const { chat_requests: _before, ...before } = await snapshotData(t.db);
    expect(await api(app, 'POST', '/api/chat/analysis', { question: 'Am I due for anything?' })).toMatchObject({
      status: 200,
      body: { output: 'Your next visit is on March 4.' },
    });
    const response = await app.inject({ method: 'POST', url: '/api/chat/analysis', payload: { question: 'And after that?' }, headers: { accept: 'text/plain' } });
    expect(streamed(response.body).filter((chunk) => chunk.type === 'item').map((chunk) => chunk.content)).toEqual(['Your next visit ', 'is on March 4.']);
    const { chat_requests: requests, ...after } = await snapshotData(t.db);
    expect(after).toEqual(before);
    expect(requests).toHaveLength(2);
  });

  it.each([
    ['answers 500', { status: 500, body: { error: 'overloaded' } } as const, 502, 'The language model answered 500'],
    ['does not answer', 'no answer' as const, 504, 'The language model did not answer in time'],
  ])('is a clean error when the model %s, keeping nothing', async (_, answer, status, message) => {
    model.answerWith(answer);
    await expectFailedKeepingNothing(app, '/api/chat/n8n', send('s-10', 'How is my deductible?'), status, message);
    await expectFailedKeepingNothing(app, '/api/chat/analysis', { question: 'How is my deductible?' }, status, message);
  });
});
