import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { unreachableAddress } from '../../testing/call-service-stand-in';
import { createProvider, createUser } from '../../testing/factories';
import { api, useTestApp, withFailingWrites } from '../../testing/test-app';
import { buildApp } from '../app';
import { webhookCaller } from '../services/confirmation-call/webhook';

const t = useTestApp();

/** A value that must never reach the log: each use appends where it was sent, to tell the leaks apart. */
const MARK = 'MARK-3f9c41d7';

type LogEntry = Record<string, unknown> & { level: number; msg?: string; reqId?: string };

/** The apps under test log everything, down to trace, into `lines`; one places calls through a service that is down. */
const lines: string[] = [];
const logger = { level: 'trace', stream: { write: (line: string) => void lines.push(line) } };
let logging: FastifyInstance;
let callingNowhere: FastifyInstance;
let callServiceUrl: string;

beforeAll(async () => {
  logging = await buildApp({ database: t.database, logger });
  callServiceUrl = `${await unreachableAddress()}/calls`;
  const caller = webhookCaller({ url: callServiceUrl, apiKey: 'key', from: '+12125550100', country: 'US', timeoutMs: 5_000 });
  callingNowhere = await buildApp({ database: t.database, logger, confirmationCaller: caller });
});
afterAll(async () => {
  await logging?.close();
  await callingNowhere?.close();
});
beforeEach(() => {
  lines.length = 0;
});

const entries = () => lines.map((line) => JSON.parse(line) as LogEntry);
const INFO = 30;

describe('a query that the database refuses', () => {
  it('is logged with its SQLSTATE and where it failed, but without the values bound to it, at any level', async () => {
    let status = 0;
    let requestId: unknown;
    await withFailingWrites(t.db, 'update', 'users', async () => {
      const response = await api(logging, 'PATCH', `/api/users/${t.userId}?note=${MARK}-query`, {
        medications: `${MARK}-medications`,
        allergies: `${MARK}-allergies`,
      });
      status = response.status;
      requestId = response.headers['x-request-id'];
    });

    expect(status).toBe(500);
    expect(lines.join('')).not.toContain(MARK);
    const failure = entries().find((entry) => entry.msg === 'request failed');
    // Still worth a line: what failed, where, and which request.
    expect(failure).toMatchObject({ level: 50, reqId: requestId, err: { type: 'DrizzleQueryError', cause: { code: 'P0001', routine: expect.any(String) } } });
    expect((failure!.err as { query?: string }).query).toMatch(/^update "users" set /);
  });

  it('is logged without the row that the database quotes for a unique key it refused', async () => {
    // The same error a route's failing insert would log, from the driver in use (pg or PGlite).
    const email = `${MARK.toLowerCase()}@example.com`;
    await createUser(t.db, { email });
    const failure = await createUser(t.db, { email, displayName: `${MARK}-name`, medications: `${MARK}-medications` }).catch((error: unknown) => error);
    logging.log.error({ err: failure }, 'insert failed');

    expect(lines.join('').toLowerCase()).not.toContain(MARK.toLowerCase());
    const [logged] = entries();
    expect(logged).toMatchObject({ err: { type: 'DrizzleQueryError', cause: { code: '23505', table: 'users', constraint: 'users_email_unique' } } });
  });
});

describe('each request', () => {
  it('is logged at info as one line of its method, its path without the query, its status and its request id', async () => {
    const response = await api(logging, 'PATCH', `/api/users/${t.userId}?note=${MARK}-query`, { medications: `${MARK}-medications` });
    expect(response.status).toBe(200);

    const ofRequest = entries().filter((entry) => entry.reqId === response.headers['x-request-id'] && entry.level >= INFO);
    expect(ofRequest).toEqual([
      {
        level: INFO,
        time: expect.any(Number),
        pid: expect.any(Number),
        hostname: expect.any(String),
        reqId: response.headers['x-request-id'],
        msg: 'request completed',
        method: 'PATCH',
        path: `/api/users/${t.userId}`,
        statusCode: 200,
        responseTime: expect.any(Number),
      },
    ]);
    expect(lines.join('')).not.toContain(MARK);
  });

  it.each([
    ['an unknown path', 'GET', `/api/nope?secret=${MARK}`, undefined, 404],
    ['a body that fails validation', 'PATCH', `/api/users/1?q=${MARK}`, { medications: 7, allergies: `${MARK}-allergies` }, 400],
    ['a body that is not JSON', 'PATCH', `/api/users/1?q=${MARK}`, `{"medications": "${MARK}-medications"`, 400],
  ])('keeps the query and the body of %s out of the log', async (_case, method, url, payload, status) => {
    const response = await logging.inject({ method: method as 'GET', url, payload, headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(status);
    expect(entries().filter((entry) => entry.level >= INFO)).toEqual([
      expect.objectContaining({ msg: 'request completed', method, path: url.slice(0, url.indexOf('?')), statusCode: status }),
    ]);
    expect(lines.join('')).not.toContain(MARK);
  });
});

describe('an outside service that cannot be reached', () => {
  it('is logged with what failed, but not its address', async () => {
    const provider = await createProvider(t.db, t.userId, { phone: '(212) 555-0123' });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const response = await api(callingNowhere, 'POST', '/api/appointments', {
      userId: t.userId,
      providerId: provider.id,
      service: 'Dental Cleaning',
      date: tomorrow,
      timeSlot: '9:00 AM',
      notes: `${MARK}-notes`,
      status: 'Scheduled',
    });
    expect(response.body).toMatchObject({ confirmationCallStatus: 'failed', confirmationCallError: 'The call service could not be reached' });

    // The host with its port: 127.0.0.1:<port>.
    expect(lines.join('')).not.toContain(new URL(callServiceUrl).host);
    expect(lines.join('')).not.toContain(MARK);
    expect(entries().find((entry) => entry.msg === 'confirmation call failed')).toMatchObject({
      reason: 'The call service could not be reached',
      error: expect.stringMatching(/ECONNREFUSED <address>/),
    });
  });
});
