import { eq, getTableName, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { buildApp } from '../server/app';
import type { Database, DatabaseHandle } from '../server/db/client';
import { allTables, wipeData } from '../server/db/reset';
import { users } from '../server/db/schema/index';
import { createAccount, createUser } from './factories';
import { createTestDatabase } from './test-database';

/** A test file's own database; before every test its tables are empty but for the patient and another user. */
export interface DatabaseContext {
  db: Database;
  database: DatabaseHandle;
  /** The patient, user id 1, created fresh before every test. */
  userId: number;
  /** A second user whose data the patient must never reach. */
  otherUserId: number;
}

export interface TestContext extends DatabaseContext {
  app: FastifyInstance;
}

async function startFromTwoUsers(context: DatabaseContext): Promise<void> {
  await wipeData(context.db);
  context.userId = (await createUser(context.db, { displayName: 'Alex Morgan', email: 'alex@example.com' })).id;
  context.otherUserId = (await createUser(context.db, { displayName: 'Other Person' })).id;
  // Each patient's account, as migration 0014 made one for every patient row (ADR 21); no way in yet.
  await createAccount(context.db, context.userId);
  await createAccount(context.db, context.otherUserId);
}

/** One migrated database per test file, for tests of the storage under the routes; useTestApp adds the app. */
export function useTestDatabase(): DatabaseContext {
  const context = {} as DatabaseContext;
  beforeAll(async () => {
    context.database = await createTestDatabase();
    context.db = context.database.db;
  });
  beforeEach(() => startFromTwoUsers(context));
  afterAll(async () => {
    await context.database?.close();
  });
  return context;
}

/**
 * One migrated database and one app per test file; every test starts from empty tables holding only
 * the patient (id 1) and another user (id 2).
 */
export function useTestApp(): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    context.database = await createTestDatabase();
    context.db = context.database.db;
    context.app = await buildApp({ database: context.database });
  });
  beforeEach(() => startFromTwoUsers(context));
  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
  });
  return context;
}

export interface ApiResponse<Body = unknown> {
  status: number;
  body: Body;
  headers: Record<string, string | string[] | number | undefined>;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

/** The `name=value` of the session cookie a sign-in's response set, for the next request's Cookie header. */
export function sessionCookieOf(response: ApiResponse): string {
  const set = [response.headers['set-cookie']].flat().filter((line): line is string => typeof line === 'string');
  const session = set.find((line) => /^(__Host-)?healthassist-session=[^;]+/.test(line));
  expect(session, 'a session cookie').toBeDefined();
  return session!.split(';')[0]!;
}

export async function api<Body = any>(
  app: FastifyInstance,
  method: Method,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResponse<Body>> {
  const response = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const isJson = String(response.headers['content-type'] ?? '').includes('application/json');
  return {
    status: response.statusCode,
    body: (isJson ? response.json() : response.body) as Body,
    headers: response.headers,
  };
}

/** Every row of every table, for checking that a refused request changed nothing. */
export async function snapshotData(db: Database): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {};
  for (const table of allTables) {
    const name = getTableName(table);
    const result = await db.execute(sql.raw(`select * from "${name}" order by 1`));
    snapshot[name] = (result as unknown as { rows: unknown[] }).rows;
  }
  return snapshot;
}

/** Sends a request that must be refused with `status` and `message`, and checks that no row changed. */
export async function expectRefused(
  t: TestContext,
  method: Method,
  url: string,
  payload: unknown,
  status: number,
  message: string | RegExp,
  headers: Record<string, string> = {},
): Promise<void> {
  const before = await snapshotData(t.db);
  const response = await api(t.app, method, url, payload, headers);
  expect(response.status).toBe(status);
  if (typeof message === 'string') expect(response.body).toEqual({ message });
  else expect(response.body.message).toMatch(message);
  expect(await snapshotData(t.db)).toEqual(before);
}

/** Makes every insert into activities fail, to show a write and its activity commit together or not at all. */
export async function withFailingActivityLog(db: Database, work: () => Promise<void>): Promise<void> {
  await withFailingWrites(db, 'insert', 'activities', work);
}

/** Makes every `operation` on `table` fail while `work` runs, to show that what came before it is rolled back. */
export async function withFailingWrites(
  db: Database,
  operation: 'insert' | 'update' | 'delete',
  table: string,
  work: () => Promise<void>,
): Promise<void> {
  await db.execute(sql`
    create function refuse_write() returns trigger language plpgsql as $$
    begin raise exception 'write refused by the test'; end $$`);
  await db.execute(sql.raw(`create trigger refuse_write before ${operation} on "${table}" for each row execute function refuse_write()`));
  try {
    await work();
  } finally {
    await db.execute(sql.raw(`drop trigger refuse_write on "${table}"`));
    await db.execute(sql`drop function refuse_write()`);
  }
}

/**
 * A first run: the patient (user 1) does not exist, as with SEED=false or after leaving the demo; the other user
 * stays. Call it at the start of a test.
 */
export async function removePatient(t: TestContext): Promise<void> {
  await t.db.delete(users).where(eq(users.id, t.userId));
}

/** The body of a 500: the request id and nothing of the cause. */
export const INTERNAL_ERROR = /^Something went wrong on our side \(request [^)]+\)$/;
