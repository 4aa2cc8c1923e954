import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { samplePdf } from '../db/sample-documents';
import { loopbackHosts } from '../http/allowed-hosts';
import { n8nFor } from '../services/n8n/index';
import { startN8nStandIn, streamLine, type N8nStandIn } from '../../testing/n8n-stand-in';
import { useTestApp } from '../../testing/test-app';

/**
 * The requests n8n's own chat widget (@n8n/chat, packages/frontend/@n8n/chat/src/api) sends, replayed over a real
 * socket against /api/chat/n8n, and its answers read the way the widget reads them. Written from reading the widget's
 * source, not copied: with its default options (webhookConfig.method POST, chatSessionKey 'sessionId', chatInputKey
 * 'chatInput', metadata {}), a plain request is `post()` — JSON, Content-Type application/json, no Accept of its
 * own — and a request with files is `postWithFiles()` — multipart, `metadata` as a JSON string, each file under
 * `files`; with streaming enabled, both add `Accept: text/plain` and read newline-delimited JSON. (Its `mode: 'cors'` and
 * `cache: 'no-cache'` are browser fetch settings with nothing to send here.)
 */
const t = useTestApp();

const widgetOptions = { chatSessionKey: 'sessionId', chatInputKey: 'chatInput', metadata: {} as Record<string, unknown> };

/** The widget's loadPreviousSession, then its way of reading the answer (JSON if it parses, else text). */
async function loadPreviousSession(url: string, sessionId: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ action: 'loadPreviousSession', [widgetOptions.chatSessionKey]: sessionId, metadata: widgetOptions.metadata }),
  });
  return { status: response.status, body: (await response.json()) as { data: { id: string[]; kwargs: { content: string } }[] } };
}

/** What the widget shows of a history: HumanMessage ids are the user's, everything else the bot's. */
function shownHistory(body: { data: { id: string[]; kwargs: { content: string } }[] }) {
  return body.data.map((entry) => ({ sender: entry.id.includes('HumanMessage') ? 'user' : 'bot', text: entry.kwargs.content }));
}

/** The widget's sendMessage without streaming: JSON, or multipart with files; the bot says output, else text. */
async function sendMessage(url: string, sessionId: string, message: string, files: File[] = []) {
  const fields = { action: 'sendMessage', [widgetOptions.chatSessionKey]: sessionId, [widgetOptions.chatInputKey]: message, metadata: widgetOptions.metadata };
  let init: RequestInit;
  if (files.length > 0) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, typeof value === 'object' ? JSON.stringify(value) : value);
    for (const file of files) form.append('files', file);
    init = { method: 'POST', body: form };
  } else {
    init = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(fields) };
  }
  const response = await fetch(url, init);
  const body = (await response.json()) as { output?: string; text?: string };
  return { status: response.status, shown: body.output ?? body.text ?? JSON.stringify(body, null, 2) };
}

/** The widget's streaming send: Accept text/plain, then one bubble per node run from the `item` lines. */
async function sendMessageStreaming(url: string, sessionId: string, message: string, files: File[] = []) {
  const fields = { action: 'sendMessage', [widgetOptions.chatSessionKey]: sessionId, [widgetOptions.chatInputKey]: message, metadata: widgetOptions.metadata };
  let response: Response;
  if (files.length > 0) {
    const form = new FormData();
    form.append('action', 'sendMessage');
    form.append(widgetOptions.chatSessionKey, sessionId);
    form.append(widgetOptions.chatInputKey, message);
    form.append('metadata', JSON.stringify(widgetOptions.metadata));
    for (const file of files) form.append('files', file);
    response = await fetch(url, { method: 'POST', headers: { Accept: 'text/plain' }, body: form });
  } else {
    response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'text/plain' }, body: JSON.stringify(fields) });
  }
  expect(response.ok).toBe(true);
  const bubbles = new Map<string, string>();
  let pieces = 0;
  for (const line of (await response.text()).split('\n')) {
    if (!line.trim()) continue;
    const chunk = JSON.parse(line) as { type: string; content?: string; metadata?: { nodeId?: string; runIndex?: number } };
    const bubble = `${chunk.metadata?.nodeId ?? 'unknown'}-${chunk.metadata?.runIndex ?? 0}`;
    if (chunk.type === 'begin') bubbles.set(bubble, bubbles.get(bubble) ?? '');
    if (chunk.type === 'item') {
      pieces++;
      bubbles.set(bubble, (bubbles.get(bubble) ?? '') + (chunk.content ?? ''));
    }
    if (chunk.type === 'error') bubbles.set(bubble, `Error: ${chunk.content ?? 'Unknown error'}`);
  }
  return { bubbles: [...bubbles.values()], pieces };
}

const labReport = () => new File([new Uint8Array(samplePdf('Lab report', ['HbA1c 5.4 %']))], 'labs.pdf', { type: 'application/pdf' });

async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return `${address}/api/chat/n8n`;
}

describe('the widget’s requests, answered by the built-in assistant', () => {
  let app: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    app = await buildApp({ database: t.database, allowedHosts: loopbackHosts() });
    url = await listen(app);
  });
  afterAll(() => app.close());

  it('loadPreviousSession, sendMessage with and without files, streaming and not: every answer reads as the widget expects', async () => {
    const sessionId = randomUUID();
    expect(await loadPreviousSession(url, sessionId)).toEqual({ status: 200, body: { data: [] } });

    const plain = await sendMessage(url, sessionId, 'How do I upload a record?');
    expect(plain.status).toBe(200);
    expect(plain.shown).toMatch(/Medical Records/);

    const withFile = await sendMessage(url, sessionId, 'Here are my labs', [labReport()]);
    expect(withFile.status).toBe(200);

    const streamed = await sendMessageStreaming(url, sessionId, 'What allergies do I have on file?');
    expect(streamed.bubbles).toHaveLength(1);
    expect(streamed.pieces).toBeGreaterThan(0);

    const streamedWithFile = await sendMessageStreaming(url, sessionId, 'And this one?', [labReport()]);
    expect(streamedWithFile.bubbles).toHaveLength(1);

    const { body } = await loadPreviousSession(url, sessionId);
    expect(shownHistory(body)).toEqual([
      { sender: 'user', text: 'How do I upload a record?' },
      { sender: 'bot', text: plain.shown },
      { sender: 'user', text: 'Here are my labs' },
      { sender: 'bot', text: withFile.shown },
      { sender: 'user', text: 'What allergies do I have on file?' },
      { sender: 'bot', text: streamed.bubbles[0] },
      { sender: 'user', text: 'And this one?' },
      { sender: 'bot', text: streamedWithFile.bubbles[0] },
    ]);
  });
});

describe('the widget’s requests, passed through to n8n', () => {
  let n8n: N8nStandIn;
  let app: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    n8n = await startN8nStandIn();
    app = await buildApp({
      database: t.database,
      allowedHosts: loopbackHosts(),
      chat: { n8n: n8nFor({ chatUrl: n8n.url, workflowUrl: null, authHeader: null, timeoutMs: 2000, inputKey: 'chatInput', sessionKey: 'sessionId' }) },
    });
    url = await listen(app);
  });
  afterAll(async () => {
    await app.close();
    await n8n.close();
  });

  it('reaches n8n as the widget would have sent it itself, and n8n’s answers reach the widget as n8n gave them', async () => {
    const sessionId = randomUUID();
    n8n.answerWith({ json: { output: 'Hi from the workflow' } });
    expect(await sendMessage(url, sessionId, 'Hello')).toEqual({ status: 200, shown: 'Hi from the workflow' });
    expect(n8n.received.at(-1)!.fields).toEqual({ action: 'sendMessage', sessionId, chatInput: 'Hello', metadata: {} });

    await sendMessage(url, sessionId, 'With a file', [labReport()]);
    expect(n8n.received.at(-1)!.fields).toEqual({ action: 'sendMessage', sessionId, chatInput: 'With a file', metadata: '{}' });
    expect(n8n.received.at(-1)!.files.map(({ name, type }) => ({ name, type }))).toEqual([{ name: 'labs.pdf', type: 'application/pdf' }]);

    n8n.answerWith({
      lines: [
        streamLine('begin'),
        streamLine('item', 'Two '),
        streamLine('item', 'pieces'),
        streamLine('end'),
        streamLine('begin', undefined, { nodeId: 'agent-2', nodeName: 'Follow-up' }),
        streamLine('item', 'A second bubble', { nodeId: 'agent-2', nodeName: 'Follow-up' }),
        streamLine('end', undefined, { nodeId: 'agent-2', nodeName: 'Follow-up' }),
      ],
    });
    expect(await sendMessageStreaming(url, sessionId, 'Stream it')).toEqual({ bubbles: ['Two pieces', 'A second bubble'], pieces: 3 });
    expect(n8n.received.at(-1)!.headers.accept).toBe('text/plain');

    n8n.answerWith({ json: { data: [] } });
    const { body } = await loadPreviousSession(url, sessionId);
    expect(n8n.received.at(-1)!.fields).toEqual({ action: 'loadPreviousSession', sessionId, metadata: {} });
    expect(shownHistory(body).map((message) => message.text)).toEqual([
      'Hello',
      'Hi from the workflow',
      'With a file',
      'Hi from the workflow',
      'Stream it',
      'Two pieces\n\nA second bubble',
    ]);
  });
});
