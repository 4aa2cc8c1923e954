import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { hashPassphrase } from '../auth/passphrase';
import { LOOPBACK_SIGN_IN } from '../auth/sign-in-settings';
import { accounts } from '../db/schema/index';
import { seedIfEmpty } from '../db/seed';
import { wipeData } from '../db/reset';
import { createMedicalRecord } from '../../testing/factories';
import { fetchOpenApiDocument, fillPath, operationsOf, type Operation } from '../../testing/openapi-document';
import { api, snapshotData, useTestDatabase } from '../../testing/test-app';
import { NOT_SIGNED_IN, SETUP_FIRST } from './current-patient';

// The sweep of ADR 17, generated from the OpenAPI document like the ownership test: once sign-in is required, every
// operation the document does not mark public answers 401 { message } without a session, and changes nothing.

const t = useTestDatabase();
let loopback: FastifyInstance;
let beyondLoopback: FastifyInstance;
let operations: Operation[];

beforeAll(async () => {
  loopback = await buildApp({ database: t.database });
  beyondLoopback = await buildApp({ database: t.database, signIn: { ...LOOPBACK_SIGN_IN, beyondLoopback: true } });
  operations = operationsOf(await fetchOpenApiDocument(loopback));
});
afterAll(async () => {
  await loopback?.close();
  await beyondLoopback?.close();
});

/** What the document says anyone may call (`security: []`). */
const isPublic = (operation: Operation) => Array.isArray(operation.operation.security) && operation.operation.security.length === 0;
const key = ({ method, path }: Operation) => `${method} ${path}`;

async function sweep(app: FastifyInstance, message: string, headers: Record<string, string> = {}) {
  const guarded = operations.filter((operation) => !isPublic(operation));
  expect(guarded.length).toBeGreaterThanOrEqual(45);
  const record = await createMedicalRecord(t.db, 1);
  const before = await snapshotData(t.db);
  for (const operation of guarded) {
    const path = fillPath(operation.path, Object.fromEntries(operation.pathParams.map((param) => [param, param === 'id' ? record.id : 1])));
    // A body the route would accept is not needed: no session is looked at before the body is read.
    const body = ['GET', 'DELETE'].includes(operation.method) ? undefined : { userId: 1 };
    const response = await api(app, operation.method, path, body, headers);
    expect(response.status, key(operation)).toBe(401);
    expect(response.body, key(operation)).toEqual({ message });
  }
  expect(await snapshotData(t.db)).toEqual(before);
}

describe('every operation of the OpenAPI document but the public ones', () => {
  it('names the public ones: health, the session and the ways to sign in', () => {
    expect(operations.filter(isPublic).map(key).sort()).toEqual(
      expect.arrayContaining([
        'DELETE /api/session',
        'GET /api/health',
        'GET /api/session',
        'POST /api/session/passphrase',
        'POST /api/session/recovery-code',
        'POST /api/session/setup',
      ]),
    );
    for (const operation of operations.filter(isPublic)) expect(operation.path, key(operation)).toMatch(/^\/api\/(health|session)(\/|$)/);
  });

  it('answers 401 without a session once a passphrase exists, and changes nothing', async () => {
    await t.db.update(accounts).set({ passwordHash: await hashPassphrase('a passphrase of the patient') });
    await sweep(loopback, NOT_SIGNED_IN);
  });

  it('answers 401 to a cookie that names no session', async () => {
    await t.db.update(accounts).set({ passwordHash: await hashPassphrase('a passphrase of the patient') });
    await sweep(loopback, NOT_SIGNED_IN, { cookie: 'healthassist-session=not-a-session-of-ours' });
  });

  it('answers 401 on a fresh install reachable beyond loopback, the demo too, before the setup code', async () => {
    await wipeData(t.db);
    await seedIfEmpty(t.db);
    await sweep(beyondLoopback, SETUP_FIRST);
  });
});
