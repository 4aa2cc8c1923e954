import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { replyText } from '../../../shared/rules/chat-reply';
import { chatRequests } from '../../db/schema/index';
import { HttpError } from '../../core/errors';
import { startLanguageModelStandIn, type LanguageModelStandIn } from '../../../testing/language-model-stand-in';
import { startN8nStandIn, streamLine, type N8nStandIn } from '../../../testing/n8n-stand-in';
import { useTestDatabase } from '../../../testing/test-app';
import { openAiCompatibleModel } from '../language-model/openai-compatible';
import { n8nFor } from '../n8n/index';
import { answerChat, type ChatContext, type ChatRequest, type TabMessage } from './answer-chat';
import type { ChatDependencies } from './chat-dependencies';
import { previousSession } from './previous-session';

/**
 * The chats' one way in, asked directly, with n8n and a language model stood in for by real local HTTP servers:
 * what is counted, what an emergency reaches, and how an outside service's failure leaves.
 */
const t = useTestDatabase();
let n8n: N8nStandIn;
let model: LanguageModelStandIn;

beforeAll(async () => {
  n8n = await startN8nStandIn();
  model = await startLanguageModelStandIn();
});
beforeEach(() => {
  n8n.received.length = 0;
  n8n.answerWith({ json: { output: 'Hello from n8n' } });
  model.requests.length = 0;
  model.answerWith(['From the ', 'model.']);
});
afterAll(async () => {
  await n8n.close();
  await model.close();
});

const tab = (chatInput: string): TabMessage => ({ sessionId: 'session-1', chatInput, attachments: [], stream: false });
const workflow = (message: string) => ({ chatId: 'health_abc123XYZ', message, route: 'health' as const });

function chatsWith({ withN8n = true, withModel = true, messagesPerMinute = 20 } = {}): ChatDependencies {
  const n8nConfig = { chatUrl: n8n.url, workflowUrl: `${n8n.url}/workflow`, authHeader: null, timeoutMs: 400, inputKey: 'chatInput', sessionKey: 'sessionId' };
  return {
    n8n: withN8n ? n8nFor(n8nConfig) : undefined,
    languageModel: withModel ? openAiCompatibleModel({ baseUrl: `${model.url}/v1`, model: 'llama3.2', apiKey: null, timeoutMs: 400 }) : undefined,
    messagesPerMinute,
  };
}

const contextWith = (chats: ChatDependencies): ChatContext => ({ db: t.db, chats, patient: { id: t.userId }, signal: new AbortController().signal });

/** What the chat answered, as the patient reads it, whichever channel asked. */
async function answered(context: ChatContext, request: ChatRequest): Promise<string | undefined> {
  if (request.channel === 'workflow') return (await answerChat(context, request)).output;
  const chunks = [];
  for await (const chunk of (await answerChat(context, request)).reply) chunks.push(chunk);
  return replyText(chunks);
}

async function countedRequests(): Promise<number> {
  const [row] = await t.db.select({ counted: count() }).from(chatRequests).where(eq(chatRequests.userId, t.userId));
  return row?.counted ?? 0;
}

describe('answerChat: an emergency is answered by the rule, before anything else', () => {
  it.each<[string, ChatRequest, { withN8n: boolean }, RegExp]>([
    ['the n8n tab, answered by n8n otherwise', { channel: 'assistant', message: tab('I have crushing chest pain right now') }, { withN8n: true }, /^[^.]*911/],
    ['the n8n tab, answered by the model otherwise', { channel: 'assistant', message: tab('I think I am having a stroke') }, { withN8n: false }, /^[^.]*911/],
    ['the workflow page, answered by n8n otherwise', { channel: 'workflow', message: workflow('I want to kill myself') }, { withN8n: true }, /988/],
    ['the workflow page, answered by the model otherwise', { channel: 'workflow', message: workflow('I want to kill myself') }, { withN8n: false }, /988/],
    ['Get AI Analysis', { channel: 'analysis', message: { question: 'My face is drooping and my speech is slurred' } }, { withN8n: true }, /^[^.]*911/],
  ])('on %s: neither n8n nor the model is asked, and the message counts once', async (_, request, { withN8n }, reply) => {
    expect(await answered(contextWith(chatsWith({ withN8n })), request)).toMatch(reply);
    expect(n8n.received).toEqual([]);
    expect(model.requests).toEqual([]);
    expect(await countedRequests()).toBe(1);
  });
});

describe('answerChat: each message counts once, whatever answers it', () => {
  it.each<[string, ChatRequest, { withN8n: boolean }, string]>([
    ['the n8n tab through n8n', { channel: 'assistant', message: tab('Hi') }, { withN8n: true }, 'Hello from n8n'],
    ['the n8n tab through the model', { channel: 'assistant', message: tab('Hi') }, { withN8n: false }, 'From the model.'],
    ['the workflow page through n8n', { channel: 'workflow', message: workflow('Hi') }, { withN8n: true }, 'Hello from n8n'],
    ['the workflow page through the model', { channel: 'workflow', message: workflow('Hi') }, { withN8n: false }, 'From the model.'],
    ['Get AI Analysis through the model', { channel: 'analysis', message: { question: 'Am I due for anything?' } }, { withN8n: true }, 'From the model.'],
  ])('%s', async (_, request, { withN8n }, reply) => {
    const context = contextWith(chatsWith({ withN8n }));
    expect(await answered(context, request)).toBe(reply);
    expect(await countedRequests()).toBe(1);
    expect(await answered(context, request)).toBe(reply);
    expect(await countedRequests()).toBe(2);
  });

  it('refuses a message over the limit (429) before n8n is asked, and counts nothing more', async () => {
    const context = contextWith(chatsWith({ messagesPerMinute: 1 }));
    await answered(context, { channel: 'assistant', message: tab('one') });
    n8n.received.length = 0;
    await expect(answered(context, { channel: 'workflow', message: workflow('two') })).rejects.toMatchObject({ statusCode: 429 });
    expect(n8n.received).toEqual([]);
    expect(await countedRequests()).toBe(1);
  });

  it('refuses Get AI Analysis without a model (409) before counting it', async () => {
    const request: ChatRequest = { channel: 'analysis', message: { question: 'Am I due for anything?' } };
    await expect(answered(contextWith(chatsWith({ withModel: false })), request)).rejects.toMatchObject({ statusCode: 409 });
    expect(await countedRequests()).toBe(0);
  });

  it('does not count reading a conversation back (loadPreviousSession)', async () => {
    n8n.answerWith({ json: { data: [] } });
    expect(await previousSession(contextWith(chatsWith()), { sessionId: 'session-1' })).toEqual({ data: [] });
    expect(n8n.received.map((request) => request.fields.action)).toEqual(['loadPreviousSession']);
    expect(await countedRequests()).toBe(0);
  });
});

describe("answerChat: n8n's and the model's failures leave as the API's 502/504", () => {
  it.each<[string, () => void, boolean, number, string]>([
    ['n8n answering 500', () => n8n.answerWith({ json: { message: 'Error in workflow' }, status: 500 }), true, 502, 'n8n answered 500'],
    ['n8n stalling mid-stream', () => n8n.answerWith({ lines: [streamLine('begin'), streamLine('item', 'Half'), streamLine('end')], stallAfter: 2 }), true, 504, 'n8n stopped answering'],
    ['the model answering 500', () => model.answerWith({ status: 500, body: { error: 'overloaded' } }), false, 502, 'The language model answered 500'],
  ])('%s', async (_, answerBadly, withN8n, status, message) => {
    answerBadly();
    const failure = await answered(contextWith(chatsWith({ withN8n })), { channel: 'assistant', message: tab('Hi') }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ statusCode: status, message });
  });
});
