import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../shared/contracts/chat';
import { localInstant } from '../../shared/rules/medication-schedule';
import { todayIn } from '../../shared/rules/patient';
import { samplePdf, samplePng } from '../db/sample-documents';
import { users } from '../db/schema/index';
import { createAppointment, createProvider } from '../../testing/factories';
import { api, expectRefused, snapshotData, useTestApp } from '../../testing/test-app';
import { appWith, history, load, multipart, postMultipart, send, streamed } from '../../testing/chat-fixtures';

/** The chats with nothing configured: the built-in assistant answers both, and the limits hold. */
const t = useTestApp();

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

describe('the built-in assistant reads the medications and the dose log (issue 32)', () => {
  const ZONE = 'Pacific/Kiritimati';
  const ask = async (path: '/api/chat/n8n' | '/api/chat/workflow', question: string): Promise<string> => {
    const body = path === '/api/chat/n8n' ? send(randomUUID(), question) : { chatId: 'health_abc123XYZ', message: question, route: 'health' };
    const response = await api(t.app, 'POST', path, body);
    expect(response.status).toBe(200);
    return response.body.output;
  };

  /** Metformin, due once a day at midnight on the patient's clock: by any time of the day, its dose is due. */
  async function addMetformin(): Promise<number> {
    await t.db.update(users).set({ timeZone: ZONE }).where(eq(users.id, t.userId));
    const created = await api(t.app, 'POST', '/api/medications', {
      userId: t.userId,
      name: 'Metformin',
      strength: '500 mg',
      dose: '1 tablet',
      schedule: { kind: 'daily', times: ['00:00'] },
    });
    expect(created.status).toBe(201);
    return created.body.id;
  }

  it('answers "did I take my Metformin today?" from the log once the dose is logged', async () => {
    const medicationId = await addMetformin();
    expect(await ask('/api/chat/n8n', 'did I take my Metformin today?')).toMatch(/^Not yet: your 00:00 dose of Metformin 500 mg (isn't logged as taken|is still due)\./);
    const today = todayIn(ZONE);
    const logged = await api(t.app, 'POST', '/api/medications/doses', {
      medicationId,
      scheduledDate: today,
      scheduledTime: '00:00',
      status: 'taken',
      takenAt: localInstant(today, '00:00', ZONE).toISOString(),
    });
    expect(logged.status).toBe(201);
    for (const path of ['/api/chat/n8n', '/api/chat/workflow'] as const) {
      expect(await ask(path, 'Did I take my metformin today?')).toMatch(/^Yes — you took Metformin 500 mg at 00:00\./);
    }
  });

  it('puts the emergency first when the message names a medication: "I took 20 of my Metformin pills"', async () => {
    await addMetformin();
    for (const path of ['/api/chat/n8n', '/api/chat/workflow'] as const) {
      const output = await ask(path, 'I took 20 of my Metformin pills');
      expect(output).toMatch(/^[^.]*911/);
      expect(output).toContain('Poison Control');
      expect(output).not.toContain('500 mg');
    }
  });
});

describe('the built-in assistant reads the vitals and lab results (issue 35)', () => {
  it('answers "what was my last blood sugar?" from a result recorded on the Lab Results page, in the patient’s units', async () => {
    await t.db.update(users).set({ timeZone: 'America/New_York', unitSystem: 'metric' }).where(eq(users.id, t.userId));
    const recorded = await api(t.app, 'POST', '/api/observations', {
      userId: t.userId,
      code: '2345-7',
      takenAt: '2026-11-01T12:00:00Z',
      value: { type: 'quantity', number: 6.2, comparator: null, unit: 'mmol/L' },
    });
    expect(recorded.status).toBe(201);
    const ask = async (question: string) => (await api(t.app, 'POST', '/api/chat/n8n', send(randomUUID(), question))).body.output as string;
    expect(await ask('What was my last blood sugar?')).toContain('Your last glucose was 6.2 mmol/L on November 1, 2026 (usual range 3.9–5.5 mmol/L: high).');
    expect(await ask('is my blood sugar going up?')).toContain(
      'You have only one glucose result, too few to tell a trend: 6.2 mmol/L on November 1, 2026 (usual range 3.9–5.5 mmol/L: high). Record more on the Lab Results page and ask again.',
    );
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
