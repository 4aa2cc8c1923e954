import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { answerFrameworkError, registerErrorHandler } from './error-handler';

/** A driver error as pg and PGlite raise it, wrapped as Drizzle wraps it. */
function databaseError(code: string): Error {
  return new Error('Failed query', { cause: Object.assign(new Error('violates a constraint'), { code }) });
}

const app = Fastify({ logger: false, frameworkErrors: answerFrameworkError });
registerErrorHandler(app);
app.get('/sql/:code', async (request) => {
  throw databaseError((request.params as { code: string }).code);
});
app.get('/rows/:id', async () => ({}));
app.get('/fault', async () => {
  throw new Error('connection string postgres://secret@db');
});
afterAll(() => app.close());

describe('the error handler', () => {
  it.each([
    ['23505', 409, 'That conflicts with data that already exists'],
    ['23503', 409, 'That refers to something that does not exist'],
    ['23001', 409, 'That is still used by other data'],
    ['23514', 400, 'A value is outside what is allowed'],
    ['22P02', 400, 'A value is outside what is allowed'],
    ['22021', 400, 'Text must not contain the character U+0000 (NUL)'],
  ])('answers a constraint caught by the database (%s) with %i', async (code, status, message) => {
    const response = await app.inject({ url: `/sql/${code}` });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message });
  });

  it('hides what a fault was, naming only the request', async () => {
    const response = await app.inject({ url: '/fault' });
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toMatch(/^Something went wrong on our side \(request req-\w+\)$/);
    expect(response.body).not.toContain('secret');
  });

  it.each([
    ['a path whose percent-escape is not UTF-8', '/rows/%ED%A0%80', 400, 'The URL is not valid: a percent-escape in its path is not UTF-8 text'],
    ['a path part longer than the router takes', `/rows/${'1'.repeat(101)}`, 414, 'A part of the URL path is too long'],
  ])('answers %s before routing with { message }, not echoing the URL', async (_case, url, status, message) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message });
  });
});
