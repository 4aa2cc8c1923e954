import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openAiCompatibleModel } from '../services/language-model/openai-compatible';
import { createAppointment, createDose, createMedication, createProvider } from '../../testing/factories';
import { startLanguageModelStandIn, type LanguageModelStandIn } from '../../testing/language-model-stand-in';
import { api, snapshotData, useTestApp } from '../../testing/test-app';
import { appWith, expectFailedKeepingNothing, history, send, streamed, warmUpFetch } from '../../testing/chat-fixtures';

/** The built-in assistant answered by a language model, against a local stand-in for an OpenAI-compatible API. */
const t = useTestApp();

describe('with a language model configured', () => {
  let model: LanguageModelStandIn;
  let app: FastifyInstance;

  beforeAll(async () => {
    model = await startLanguageModelStandIn();
    await warmUpFetch(`${model.url}/v1/chat/completions`);
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

  it("gives the model the Medications list and today's dose log", async () => {
    const metformin = await createMedication(t.db, t.userId, {
      name: 'Metformin',
      strength: '500 mg',
      dose: '1 tablet',
      instructions: 'Take with food',
      schedule: { kind: 'daily', times: ['00:00'] },
    });
    await createMedication(t.db, t.userId, { name: 'Amoxicillin', strength: '250 mg', status: 'stopped', stoppedOn: '2026-01-10', schedule: { kind: 'as-needed' } });
    // Taken at midnight, when it was due, on the patient's today (the server's clock, without a zone).
    const day = (await api(app, 'GET', `/api/medications/doses/${t.userId}`)).body as { date: string; doses: { dueAt: string }[] };
    await createDose(t.db, metformin, { scheduledDate: day.date, scheduledTime: '00:00', takenAt: new Date(day.doses[0]!.dueAt) });
    await api(app, 'POST', '/api/chat/n8n', send(randomUUID(), 'Did I take my Metformin today?'));
    const { body } = model.requests.at(-1)! as { body: { messages: { role: string; content: string }[] } };
    const system = body.messages[0]!.content;
    expect(system).toContain('Medications list (current): Metformin 500 mg, 1 tablet every day at 00:00, instructions "Take with food"');
    expect(system).toContain('Past medications (most recent first): Amoxicillin 250 mg (stopped 2026-01-10)');
    expect(system).toMatch(/Today's doses from the dose log \(the time now is \d\d:\d\d\): Metformin 500 mg at 00:00 taken at 00:00\./);
    expect(system).toContain('Never tell the patient to take, skip, double or make up a dose');
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
    await expectFailedKeepingNothing(t.db, app, '/api/chat/n8n', send('s-10', 'How is my deductible?'), status, message);
    await expectFailedKeepingNothing(t.db, app, '/api/chat/analysis', { question: 'How is my deductible?' }, status, message);
  });
});
