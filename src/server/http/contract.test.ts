import Fastify from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IdParams, instant } from '../../shared/contracts/common';
import { registerContracts } from './contract';
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
    ['no body', { method: 'POST' as const, url: '/rows' }, 'Invalid input: expected object, received undefined'],
  ])('refuses %s with 400, naming the field', async (_case, request, message) => {
    const response = await app.inject(request);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});
