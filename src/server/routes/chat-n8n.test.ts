import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { samplePdf } from '../db/sample-documents';
import type { N8nConfig } from '../env';
import { n8nFor } from '../services/n8n/index';
import { unreachableAddress } from '../../testing/call-service-stand-in';
import { startN8nStandIn, streamLine, type N8nStandIn } from '../../testing/n8n-stand-in';
import { api, snapshotData, useTestApp } from '../../testing/test-app';
import { appWith, expectFailedKeepingNothing, history, postMultipart, send, streamed, warmUpFetch } from '../../testing/chat-fixtures';

/** The chats with n8n's webhooks configured, against a local stand-in for n8n. */
const t = useTestApp();

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
    await warmUpFetch(n8n.url);
    app = await appWith(t, { n8n: n8nFor(config()) });
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
    const renamed = await appWith(t, { n8n: n8nFor(config({ inputKey: 'question', sessionKey: 'conversation' })) });
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
    await expectFailedKeepingNothing(t.db, app, '/api/chat/n8n', send('s-6', 'Hi'), status, message);
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
    await expectFailedKeepingNothing(t.db, app, '/api/chat/n8n', send('s-12', 'Hi'), 502, "n8n's answer is longer than a chat reply can be");
  });

  it('is a 502 when n8n cannot be reached', async () => {
    const nowhere = await appWith(t, { n8n: n8nFor(config({ chatUrl: await unreachableAddress() })) });
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

  it.each([
    ['{ output }', { json: { output: 'Said so' } }],
    ['{ text } (the tab read it before, the page too since issue 31)', { json: { text: 'Said so' } }],
    ['an item list (the page read it before, the tab too since issue 31)', { json: [{ output: 'Said so' }] }],
    ['plain text (the tab read it before, the page too since issue 31)', { text: '  Said so\n', status: 200 }],
  ] as const)('reads %s as the reply on the n8n tab and on the workflow page alike', async (_, answer) => {
    n8n.answerWith(answer);
    expect(await api(app, 'POST', '/api/chat/n8n', send('s-13', 'Hi'))).toMatchObject({ status: 200, body: { output: 'Said so' } });
    const page = await api(app, 'POST', '/api/chat/workflow', { chatId: 'health_abc123XYZ', message: 'Hello', route: 'health' });
    expect(page).toMatchObject({ status: 200, body: { output: 'Said so' } });
  });

  it.each([
    ['nothing', { text: '', status: 200 }],
    ['the WebSocket mode’s receipt', { json: { executionStarted: true, executionId: '12' } }],
  ] as const)('answers no output on the workflow page for %s, which the n8n tab refuses', async (_, answer) => {
    n8n.answerWith(answer);
    const page = await api(app, 'POST', '/api/chat/workflow', { chatId: 'health_abc123XYZ', message: 'Hello', route: 'health' });
    expect([page.status, page.body]).toEqual([200, {}]);
    expect((await api(app, 'POST', '/api/chat/n8n', send('s-14', 'Hi'))).status).toBe(502);
  });
});
