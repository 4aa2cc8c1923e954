import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LanguageModelConfig } from '../../env';
import { chunkEvent, startLanguageModelStandIn, type LanguageModelStandIn } from '../../../testing/language-model-stand-in';
import { languageModelFor } from './index';
import { openAiCompatibleModel } from './openai-compatible';
import { LanguageModelError, type ModelMessage } from './types';

const KEY = 'sk-language-model-key-for-tests';

const conversation: ModelMessage[] = [
  { role: 'system', content: 'You are a careful health assistant.' },
  { role: 'user', content: 'When is my next appointment?' },
];

/** Waits for what a socket or a stream does soon, with room for a slow machine. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 5000 });

/** Every piece of the reply, in order. */
async function piecesOf(reply: AsyncIterable<string>): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of reply) pieces.push(piece);
  return pieces;
}

/** What reading the whole reply ended in: the thrown value, or undefined when it ended well. */
async function thrownBy(reply: AsyncIterable<string>, received: string[] = []): Promise<unknown> {
  try {
    for await (const piece of reply) received.push(piece);
    return undefined;
  } catch (error) {
    return error;
  }
}

/** The LanguageModelError that reading the reply ended in. */
async function failureOf(reply: AsyncIterable<string>, received: string[] = []): Promise<LanguageModelError> {
  const error = await thrownBy(reply, received);
  expect(error).toBeInstanceOf(LanguageModelError);
  return error as LanguageModelError;
}

describe('openAiCompatibleModel', () => {
  let server: LanguageModelStandIn;
  beforeAll(async () => {
    server = await startLanguageModelStandIn();
  });
  beforeEach(() => {
    server.requests.length = 0;
  });
  afterAll(async () => {
    await server.close();
  });

  const modelWith = (config: Partial<LanguageModelConfig> = {}) =>
    openAiCompatibleModel({ baseUrl: `${server.url}/v1`, model: 'llama3.2', apiKey: KEY, timeoutMs: 2000, ...config });

  describe('a streamed reply', () => {
    it('yields the pieces in order, and joined they are the reply', async () => {
      const reply = ['Your next ', 'appointment ', 'is a Dental Cleaning ', 'with Dr. Chen ', 'on May 1, 2030.'];
      server.answerWith(reply);
      const pieces = await piecesOf(modelWith().streamReply(conversation));
      expect(pieces).toEqual(reply);
      expect(pieces.join('')).toBe(reply.join(''));
    });

    it('POSTs the model, the messages and stream: true to {baseUrl}/chat/completions with the key as a bearer token', async () => {
      server.answerWith(['Hello.']);
      await piecesOf(modelWith().streamReply(conversation));

      expect(server.requests).toHaveLength(1);
      const [request] = server.requests;
      expect(request!.method).toBe('POST');
      expect(request!.url).toBe('/v1/chat/completions');
      expect(request!.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(request!.headers['content-type']).toBe('application/json');
      expect(request!.headers.accept).toBe('text/event-stream');
      expect(request!.body).toEqual({ model: 'llama3.2', messages: conversation, stream: true });
    });

    it('sends no authorization header without a key (a local Ollama needs none)', async () => {
      server.answerWith(['Hello.']);
      await piecesOf(modelWith({ apiKey: null }).streamReply(conversation));
      expect(server.requests[0]!.headers).not.toHaveProperty('authorization');
      expect(JSON.stringify(server.requests[0]!.headers)).not.toContain('Bearer');
    });

    it('sends only the role and content of each message', async () => {
      server.answerWith(['Hello.']);
      const withMore = { ...conversation[1]!, patientId: 1, notes: 'Sensitive teeth' };
      await piecesOf(modelWith().streamReply([withMore]));
      expect(server.requests[0]!.body).toMatchObject({ messages: [{ role: 'user', content: 'When is my next appointment?' }] });
      expect(JSON.stringify(server.requests[0]!.body)).not.toContain('Sensitive');
    });

    it('reads events cut across chunks at any byte, CRLF line endings and characters of several bytes included', async () => {
      const reply = ['Hi there! 👋 ', 'Your deductible: ', '$1,200 of $2,000 — ', 'café, naïve, 日本.'];
      server.answerWith({ stream: reply, lineEnding: '\r\n', bytesPerWrite: 7 });
      expect((await piecesOf(modelWith().streamReply(conversation))).join('')).toBe(reply.join(''));
    });

    it('yields each piece as it arrives, before the reply is complete', async () => {
      server.answerWith({ stream: ['First, ', 'then more.'], stallAfter: 1 });
      const reply = modelWith({ timeoutMs: 5000 }).streamReply(conversation)[Symbol.asyncIterator]();
      // The stand-in holds back everything after the first piece: only a reader that streams has it already.
      expect(await reply.next()).toEqual({ done: false, value: 'First, ' });
      await reply.return?.();
    });

    it('ignores comments, role-only and empty deltas and usage chunks, and stops at [DONE]', async () => {
      const raw = [
        ': keep-alive',
        '',
        chunkEvent({ role: 'assistant' }),
        '',
        chunkEvent({ content: 'Take ' }),
        '',
        chunkEvent({ content: '' }),
        '',
        chunkEvent({ content: 'care.' }),
        'event: message',
        'id: 4',
        '',
        chunkEvent({}, 'stop'),
        '',
        'data: {"id":"chatcmpl-1","object":"chat.completion.chunk","choices":[],"usage":{"total_tokens":12}}',
        '',
        'data: [DONE]',
        '',
        chunkEvent({ content: ' Not part of the reply.' }),
        '',
        '',
      ].join('\n');
      server.answerWith({ raw, contentType: 'text/event-stream; charset=utf-8' });
      expect(await piecesOf(modelWith().streamReply(conversation))).toEqual(['Take ', 'care.']);
    });

    it('takes a stream that ends without [DONE]', async () => {
      server.answerWith({ raw: `${chunkEvent({ content: 'All done.' })}\n\n`, contentType: 'text/event-stream' });
      expect(await piecesOf(modelWith().streamReply(conversation))).toEqual(['All done.']);
    });

    it("runs the timeout only while waiting on the model, not while the caller takes its time with a piece", async () => {
      server.answerWith(['One, ', 'two, ', 'three.']);
      const pieces: string[] = [];
      for await (const piece of modelWith({ timeoutMs: 150 }).streamReply(conversation)) {
        pieces.push(piece);
        await sleep(300);
      }
      expect(pieces.join('')).toBe('One, two, three.');
    });
  });

  it('yields the whole content once when the server ignores stream and answers one JSON completion', async () => {
    server.answerWith({ json: 'Your next appointment is on May 1, 2030.' });
    expect(await piecesOf(modelWith().streamReply(conversation))).toEqual(['Your next appointment is on May 1, 2030.']);
  });

  describe('failures', () => {
    it('fails with 502 naming the status on an error status, the key kept out of the message and the details', async () => {
      server.answerWith({ status: 500, body: { error: { message: `model overloaded; request had Bearer ${KEY}` } } });
      const failure = await failureOf(modelWith().streamReply(conversation));
      expect(failure.statusCode).toBe(502);
      expect(failure.reason).toBe('The language model answered 500');
      expect(failure.message).toBe('The language model answered 500');
      expect(failure.details).toMatchObject({ status: 500 });
      expect(String(failure.details.answer)).toContain('model overloaded');
      for (const text of [failure.message, failure.reason, JSON.stringify(failure.details), String(failure.stack)]) expect(text).not.toContain(KEY);
    });

    it('fails with 502 on an error status without a body it can read', async () => {
      server.answerWith({ status: 401, body: null });
      expect(await failureOf(modelWith().streamReply(conversation))).toMatchObject({ statusCode: 502, reason: 'The language model answered 401' });
    });

    it('fails with 504 when the model does not answer within the timeout', async () => {
      server.answerWith('no answer');
      const started = Date.now();
      const failure = await failureOf(modelWith({ timeoutMs: 200 }).streamReply(conversation));
      expect(failure).toMatchObject({ statusCode: 504, reason: 'The language model did not answer in time' });
      expect(Date.now() - started).toBeLessThan(10_000);
      // The request it gave up on is not left open.
      await eventually(() => expect(server.requests[0]!.closedEarly).toBe(true));
    });

    it('fails with 504 when the stream stalls after some pieces, keeping the pieces already given', async () => {
      server.answerWith({ stream: ['Your next ', 'appointment ', 'is'], stallAfter: 2 });
      const received: string[] = [];
      const failure = await failureOf(modelWith({ timeoutMs: 200 }).streamReply(conversation), received);
      expect(failure).toMatchObject({ statusCode: 504, reason: 'The language model did not answer in time' });
      expect(received).toEqual(['Your next ', 'appointment ']);
      await eventually(() => expect(server.requests[0]!.closedEarly).toBe(true));
    });

    it('fails with 502 when nothing listens at the address', async () => {
      const closed = await startLanguageModelStandIn();
      await closed.close();
      const failure = await failureOf(modelWith({ baseUrl: `${closed.url}/v1` }).streamReply(conversation));
      expect(failure).toMatchObject({ statusCode: 502, reason: 'The language model could not be reached' });
      expect(JSON.stringify(failure.details)).not.toContain(KEY);
    });

    it.each([
      ['data that is not JSON', { raw: 'data: {"choices": [{"delta": {"content": "Hel\n\n', contentType: 'text/event-stream' }],
      ['a stream with no event', { raw: '<html><body>Welcome to nginx</body></html>', contentType: 'text/html' }],
      ['an empty stream', { raw: '', contentType: 'text/event-stream' }],
      ['JSON without choices', { raw: '{"object":"list","data":[]}', contentType: 'application/json' }],
      ['JSON that is cut short', { raw: '{"choices":[{"message":{"content":"Hel', contentType: 'application/json' }],
    ] as const)('fails with 502 on %s', async (_case, answer) => {
      server.answerWith(answer);
      expect(await failureOf(modelWith().streamReply(conversation))).toMatchObject({
        statusCode: 502,
        reason: 'The language model sent an answer that could not be read',
      });
    });

    it('fails with 502 on an error event in the middle of the stream, after the pieces before it', async () => {
      const raw = `${chunkEvent({ content: 'Your ' })}\n\ndata: {"error":{"message":"out of memory"}}\n\n`;
      server.answerWith({ raw, contentType: 'text/event-stream' });
      const received: string[] = [];
      const failure = await failureOf(modelWith().streamReply(conversation), received);
      expect(failure).toMatchObject({ statusCode: 502, reason: 'The language model answered with an error' });
      expect(String(failure.details.answer)).toContain('out of memory');
      expect(received).toEqual(['Your ']);
    });
  });

  describe('the caller', () => {
    it('aborts a request that has no answer yet: the iteration ends with its reason and the connection closes', async () => {
      server.answerWith('no answer');
      const controller = new AbortController();
      const reading = thrownBy(modelWith({ timeoutMs: 30_000 }).streamReply(conversation, controller.signal));
      await eventually(() => expect(server.requests).toHaveLength(1));
      controller.abort();
      const error = await reading;
      expect(error).not.toBeInstanceOf(LanguageModelError);
      expect(error).toMatchObject({ name: 'AbortError' });
      await eventually(() => expect(server.requests[0]!.closedEarly).toBe(true));
    });

    it('aborts in the middle of a stream', async () => {
      server.answerWith({ stream: ['Your next ', 'appointment'], stallAfter: 1 });
      const controller = new AbortController();
      const received: string[] = [];
      const reading = thrownBy(modelWith({ timeoutMs: 30_000 }).streamReply(conversation, controller.signal), received);
      await eventually(() => expect(received).toEqual(['Your next ']));
      controller.abort(new Error('the patient left'));
      expect(await reading).toEqual(new Error('the patient left'));
      await eventually(() => expect(server.requests[0]!.closedEarly).toBe(true));
    });

    it('sends nothing when the signal is already aborted', async () => {
      const controller = new AbortController();
      controller.abort();
      expect(await thrownBy(modelWith().streamReply(conversation, controller.signal))).toMatchObject({ name: 'AbortError' });
      expect(server.requests).toHaveLength(0);
    });

    it('closes the connection when the caller stops reading early', async () => {
      server.answerWith({ stream: ['Your next ', 'appointment'], stallAfter: 1 });
      for await (const piece of modelWith({ timeoutMs: 30_000 }).streamReply(conversation)) {
        expect(piece).toBe('Your next ');
        break;
      }
      await eventually(() => expect(server.requests[0]!.closedEarly).toBe(true));
    });
  });
});

describe('languageModelFor', () => {
  it('is off without a configuration', () => {
    expect(languageModelFor(null)).toBeUndefined();
  });

  it('answers through the configured server', async () => {
    const server = await startLanguageModelStandIn(['Configured.']);
    try {
      const model = languageModelFor({ baseUrl: `${server.url}/v1`, model: 'llama3.2', apiKey: null, timeoutMs: 2000 });
      expect(await piecesOf(model!.streamReply(conversation))).toEqual(['Configured.']);
    } finally {
      await server.close();
    }
  });
});
