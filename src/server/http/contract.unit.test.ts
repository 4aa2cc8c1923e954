import Fastify from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IdParams, instant } from '../../shared/contracts/common';
import { NOT_AN_OBJECT, registerContracts } from './contract';
import { registerErrorHandler } from './error-handler';

const Row = z.object({ id: z.int(), name: z.string(), createdAt: instant });

/** What a service might hand back: the row and more than the contract declares. */
const rowWithSecrets = (id: number) => ({
  id,
  name: 'Alex',
  createdAt: new Date('2026-02-03T04:05:06.789Z'),
  passwordHash: 'scrypt$secret',
  nested: { token: 'abc' },
});

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/rows/:id', { schema: { params: IdParams, response: { 200: Row } } }, async (request) => rowWithSecrets(request.params.id));
  app.get('/rows', { schema: { response: { 200: z.array(Row) } } }, async () => [rowWithSecrets(1), rowWithSecrets(2)]);
  app.post('/rows', { schema: { body: Row.pick({ name: true }), response: { 201: Row } } }, async (request, reply) =>
    reply.status(201).send({ ...rowWithSecrets(3), name: request.body.name }),
  );
  app.get('/search', { schema: { querystring: z.object({ q: z.string().optional() }) } }, async () => ({}));
  // A refinement that assumes an object, as a rule over two fields does: it must never meet anything else.
  const Amounts = z.object({ total: z.number(), met: z.number() }).superRefine((body, ctx) => {
    if (body.met > body.total) ctx.addIssue({ code: 'custom', path: ['met'], message: 'must not exceed the total' });
  }, { when: () => true });
  app.post('/amounts', { schema: { body: Amounts } }, async () => ({}));
  // A service that breaks its contract: a bug, so a 500, never a half-checked body.
  app.get('/broken', { schema: { response: { 200: Row } } }, async () => ({ id: 'one', name: 'Alex' }) as never);
};

const app = Fastify({ logger: false });
beforeAll(async () => {
  registerErrorHandler(app);
  registerContracts(app);
  await app.register(routes);
});
afterAll(() => app.close());

describe('a route that declares its contract', () => {
  it('never sends a field the contract does not declare, even when the service returns it', async () => {
    const one = await app.inject({ url: '/rows/7' });
    expect(one.json()).toEqual({ id: 7, name: 'Alex', createdAt: '2026-02-03T04:05:06.789Z' });
    expect(one.body).not.toContain('secret');
    const list = await app.inject({ url: '/rows' });
    expect(list.json()).toEqual([1, 2].map((id) => ({ id, name: 'Alex', createdAt: '2026-02-03T04:05:06.789Z' })));
    const created = await app.inject({ method: 'POST', url: '/rows', payload: { name: 'Sam' } });
    expect(created.statusCode).toBe(201);
    expect(Object.keys(created.json())).toEqual(['id', 'name', 'createdAt']);
  });

  it('answers 500 without the body when the service breaks the contract', async () => {
    const response = await app.inject({ url: '/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toMatch(/^Something went wrong on our side/);
  });

  it.each([
    ['a malformed path id', { url: '/rows/abc' }, 'id: must be a positive whole number'],
    ['a body field of the wrong type', { method: 'POST' as const, url: '/rows', payload: { name: 5 } }, 'name: Invalid input: expected string, received number'],
    ['no body', { method: 'POST' as const, url: '/rows' }, NOT_AN_OBJECT],
  ])('refuses %s with 400, naming the field', async (_case, request, message) => {
    const response = await app.inject(request);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});

describe('what every route refuses before its contract reads the input', () => {
  const post = (payload: string) =>
    app.inject({ method: 'POST', url: '/amounts', headers: { 'content-type': 'application/json' }, payload });

  it.each(['null', '[]', '[{"total":1,"met":0}]', '"text"', '5', 'true'])('refuses the body %s with 400: not an object', async (payload) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: NOT_AN_OBJECT });
  });

  it.each([
    ['U+0000 in a body field', { method: 'POST' as const, url: '/rows', payload: { name: 'Al\u0000ex' } }, 'name: must not contain the character U+0000 (NUL)'],
    ['U+0000 in a query value', { url: '/search?q=a%00b' }, 'q: must not contain the character U+0000 (NUL)'],
    ['U+0000 in a path id', { url: '/rows/1%00' }, 'id: must not contain the character U+0000 (NUL)'],
    [
      'a lone surrogate in a body field',
      { method: 'POST' as const, url: '/rows', headers: { 'content-type': 'application/json' }, payload: '{"name":"a\\ud800b"}' },
      'name: must be valid Unicode text: it holds half of a surrogate pair (U+D800) without the other half',
    ],
    [
      'U+0000 in a field name',
      { method: 'POST' as const, url: '/rows', headers: { 'content-type': 'application/json' }, payload: '{"name":"Al","x\\u0000":1}' },
      'a field name must not contain the character U+0000 (NUL)',
    ],
  ])('refuses %s with 400, naming the field', async (_case, request, message) => {
    const response = await app.inject(request);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('accepts text with characters beyond the basic plane (a surrogate pair)', async () => {
    const response = await app.inject({ method: 'POST', url: '/rows', payload: { name: 'Alex 🩺' } });
    expect(response.statusCode).toBe(201);
    expect(response.json().name).toBe('Alex 🩺');
  });

  it('refuses JSON nested 200,000 levels deep with 400 before parsing it, and accepts 32 levels', async () => {
    // Arrays: one byte a level, so 200,000 levels fit in the 1 MiB body limit.
    const deep = (levels: number) => `{"total":1,"met":0,"more":${'['.repeat(levels - 1)}1${']'.repeat(levels - 1)}}`;
    const refused = await post(deep(200_000));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'The request body nests deeper than 32 levels' });
    expect((await post(deep(33))).statusCode).toBe(400);
    expect((await post(deep(32))).statusCode).toBe(200);
  });

  it('still refuses __proto__ keys and broken JSON as Fastify does', async () => {
    expect((await post('{"total":1,"met":0,"__proto__":{"x":1}}')).statusCode).toBe(400);
    const broken = await post('{"total":1,');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: 'The request body is not valid JSON' });
  });
});
