import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiRequest, serverMessage, statusOf } from './api-client';

describe('apiRequest', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    // A real local server: the client is checked against HTTP as the browser would see it.
    server = createServer((request, response) => {
      if (request.url === '/ok') return response.writeHead(200, { 'content-type': 'application/json' }).end('{"id":1}');
      if (request.url === '/gone') return response.writeHead(204).end();
      if (request.url === '/bad') return response.writeHead(413, { 'content-type': 'application/json' }).end('{"message":"Maximum file size is 20MB"}');
      return response.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('returns the parsed body, and nothing for a 204', async () => {
    expect(await apiRequest('GET', `${base}/ok`)).toEqual({ id: 1 });
    expect(await apiRequest('DELETE', `${base}/gone`)).toBeUndefined();
  });

  it("turns a non-ok response into '{status}: {body}', or the status text when the body is empty", async () => {
    await expect(apiRequest('POST', `${base}/bad`, { a: 1 })).rejects.toThrow('413: {"message":"Maximum file size is 20MB"}');
    await expect(apiRequest('GET', `${base}/boom`)).rejects.toThrow('500: Internal Server Error');
  });

  it('throws an ApiError carrying the status and the server\'s words', async () => {
    const error: unknown = await apiRequest('POST', `${base}/bad`, { a: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'ApiError', status: 413, text: 'Maximum file size is 20MB', field: null });
  });
});

describe('ApiError', () => {
  it.each([
    [413, '{"message":"Maximum file size is 20MB"}', 'Maximum file size is 20MB'],
    [500, 'Internal Server Error', 'Internal Server Error'],
    [400, '{"error":"no message here"}', '{"error":"no message here"}'],
    [502, 'null', 'null'],
  ])("reads as the spec's '{status}: {body}' and keeps the server's words: %i %s", (status, body, text) => {
    const error = new ApiError(status, body);
    expect(error.message).toBe(`${status}: ${body}`);
    expect(error.status).toBe(status);
    expect(error.text).toBe(text);
  });

  // The field a refusal names (ADR 2), as the forms show it under that field.
  it.each([
    ['deductibleMet: Deductible met cannot exceed the deductible', { field: 'deductibleMet', message: 'Deductible met cannot exceed the deductible' }],
    ['email: That email address is already in use', { field: 'email', message: 'That email address is already in use' }],
    ['A primary insurance plan already exists; edit it instead', null],
    ['personalInfo.email: Please enter a valid email address', null],
  ])('%j', (text, expected) => {
    expect(new ApiError(400, JSON.stringify({ message: text })).field).toEqual(expected);
  });
});

describe('serverMessage', () => {
  it.each([
    [new ApiError(413, '{"message":"Maximum file size is 20MB"}'), 'Maximum file size is 20MB'],
    [new ApiError(500, 'Internal Server Error'), 'Internal Server Error'],
    [new Error('Failed to fetch'), 'Failed to fetch'],
    ['plain text', 'plain text'],
  ])('%s → %s', (error, expected) => {
    expect(serverMessage(error)).toBe(expected);
  });
});

describe('statusOf', () => {
  it.each([
    [new ApiError(401, '{"message":"Sign in to continue"}'), 401],
    [new ApiError(429, '{"message":"Too many attempts to sign in: try again in 2 seconds"}'), 429],
    [new Error('Failed to fetch'), null],
    ['401: not an Error', null],
    // Only an answer of the server has a status: a plain Error that happens to read like one has none.
    [new Error('401: {"message":"Sign in to continue"}'), null],
  ])('%s → %s', (error, expected) => {
    expect(statusOf(error)).toBe(expected);
  });
});
