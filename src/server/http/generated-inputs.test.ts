import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dataFingerprint } from '../../testing/data-fingerprint';
import {
  createAccessToken,
  createAccount,
  createAllergy,
  createAppointment,
  createBenefit,
  createCareItem,
  createCondition,
  createDose,
  createImmunization,
  createObservation,
  createInsurancePlan,
  createMedicalRecord,
  createMedication,
  createProvider,
  createUser,
  dataUrl,
} from '../../testing/factories';
import { fuzzSettings } from '../../testing/fuzz-settings';
import { createNotification } from '../../testing/notification-fixtures';
import { describeRequest, requestsFor, type GeneratedRequest, type RequestContext } from '../../testing/generated-requests';
import { isoDate, type FieldHint } from '../../testing/json-schema-arbitrary';
import { fetchOpenApiDocument, operationsOf, type Operation } from '../../testing/openapi-document';
import { api, useTestApp, type TestContext } from '../../testing/test-app';
import { samplePdf, samplePng } from '../db/sample-documents';
import { wipeData } from '../db/reset';
import { accounts, chatRequests, passkeys, sessions, signInAttempts } from '../db/schema/index';

/**
 * No input reaches a 500 (ADR 13): requests generated from the OpenAPI document, valid and broken in every way, for
 * every operation. No answer is a 5xx; every refusal is exactly `{ message }` and changes no row; a document uploaded
 * first comes back byte for byte at the end. FUZZ_RUNS sets the requests per operation (npm run fuzz: 1,000),
 * FUZZ_SEED replays a run (each operation's seed is FUZZ_SEED plus its index).
 */
const t = useTestApp();
const { runs, seed, only } = fuzzSettings();

/** Signing in and Settings → Security (ADR 17). */
const SIGN_IN_PATH = /^\/api\/(session|security)(\/|$)/;
/** What signing in writes when it refuses, by design: the attempt counted, the failure in the access log. */
const SIGN_IN_RECORDS = ['sign_in_attempts', 'access_events'];
/** A passkey id never offered as existing: a passkey would make every later request a 401. */
const NO_PASSKEY = 2_147_483_000;

/**
 * After each request to a sign-in route, the app is open again (no passphrase, passkey, session or counted attempt),
 * so that a passphrase a valid request set does not turn every later request into a 401.
 */
async function reopen(t: TestContext): Promise<void> {
  await t.db.update(accounts).set({ passwordHash: null });
  await t.db.delete(passkeys);
  await t.db.delete(sessions);
  await t.db.delete(signInAttempts);
}

/** One row of each kind a path can name, for the patient and for another user. */
interface Rows {
  user: number;
  record: number;
  plan: number;
  benefit: number;
  careItem: number;
  provider: number;
  appointment: number;
  token: number;
  passkey: number;
  medication: number;
  dose: number;
  notification: number;
  condition: number;
  allergy: number;
  immunization: number;
  observation: number;
}

async function rowsOf(t: TestContext, userId: number): Promise<Rows> {
  const plan = (await createInsurancePlan(t.db, userId, { isPrimary: false })).id;
  const provider = (await createProvider(t.db, userId)).id;
  return {
    user: userId,
    record: (await createMedicalRecord(t.db, userId)).id,
    plan,
    benefit: (await createBenefit(t.db, plan)).id,
    careItem: (await createCareItem(t.db, userId)).id,
    provider,
    appointment: (await createAppointment(t.db, userId, provider)).id,
    token: (await createAccessToken(t.db, userId)).id,
    passkey: NO_PASSKEY,
    medication: (await createMedication(t.db, userId, { schedule: { kind: 'daily', times: ['08:00', '20:00'] } })).id,
    dose: (await createDose(t.db, await createMedication(t.db, userId, { name: 'Albuterol', schedule: { kind: 'as-needed' } }), {
      scheduledDate: null,
      scheduledTime: null,
    })).id,
    notification: (await createNotification(t.db, userId)).id,
    condition: (await createCondition(t.db, userId)).id,
    allergy: (await createAllergy(t.db, userId)).id,
    immunization: (await createImmunization(t.db, userId)).id,
    observation: (await createObservation(t.db, userId)).id,
  };
}

/** Which kind of row a path parameter names: by its name, or for `{id}` by the route. */
function kindOf({ path }: Operation, param: string): keyof Rows {
  if (param === 'userId') return 'user';
  if (param === 'insuranceId') return 'plan';
  const prefixes: [string, keyof Rows][] = [
    ['/api/users/', 'user'],
    ['/api/medical-records/', 'record'],
    ['/api/insurance/benefits/', 'benefit'],
    ['/api/insurance/', 'plan'],
    ['/api/preventative-care/', 'careItem'],
    ['/api/appointments/', 'appointment'],
    ['/api/providers/', 'provider'],
    ['/api/medications/doses/', 'dose'],
    ['/api/medications/', 'medication'],
    ['/api/security/tokens/', 'token'],
    ['/api/security/passkeys/', 'passkey'],
    ['/api/notifications/', 'notification'],
    ['/api/conditions/', 'condition'],
    ['/api/allergies/', 'allergy'],
    ['/api/immunizations/', 'immunization'],
    ['/api/observations/', 'observation'],
  ];
  const kind = prefixes.find(([prefix]) => path.startsWith(prefix))?.[1];
  if (!kind) throw new Error(`${path}: which row does {${param}} name? Add it here.`);
  return kind;
}

const BODY_ID_FIELDS: Record<string, keyof Rows> = {
  userId: 'user',
  insuranceId: 'plan',
  providerId: 'provider',
  careItemId: 'careItem',
  medicationId: 'medication',
  medicalRecordId: 'record',
};
const SAMPLE_FILES = [
  { type: 'application/pdf', bytes: samplePdf('Generated', ['x']) },
  { type: 'image/png', bytes: samplePng(4, 4) },
];

/** Values the route accepts where the schema says only `string` (dates, e-mail addresses, small files) or an id. */
function hints(ids: (kind: keyof Rows) => number[]): FieldHint {
  return (name, schema) => {
    const kind = BODY_ID_FIELDS[name];
    if (kind) return fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...ids(kind)) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 2 ** 31 - 1 }) });
    if (/date$|^dateOfBirth$|^lastCompleted$|^stoppedOn$/i.test(name)) {
      return Array.isArray(schema.type) && schema.type.includes('null') ? fc.option(isoDate(), { nil: null }) : isoDate();
    }
    if (name === 'email') return fc.oneof(fc.constantFrom('sam.lee@example.com', 'a@b.co'), fc.emailAddress());
    if (name === 'timeZone') return fc.constantFrom('Europe/Berlin', 'America/New_York', 'UTC');
    if (name === 'appointmentTime' || name === 'timeSlot') return fc.constantFrom('morning', 'afternoon', '09:30', '2:15 PM');
    if (name === 'scheduledTime' || name === 'firstTime') return fc.constantFrom('08:00', '20:00', '06:00', '8:00');
    if (name === 'takenAt') return fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString());
    if (name === 'fileContents') return fc.constantFrom(...SAMPLE_FILES.map(({ type, bytes }) => dataUrl(bytes, type)));
    if (name === 'fileType') return fc.constantFrom(...SAMPLE_FILES.map(({ type }) => type));
    if (name === 'avatarUrl') return fc.constantFrom(null, dataUrl(samplePng(4, 4), 'image/png'));
    return undefined;
  };
}

/** An upload's declared type and size must be its contents': read back from the generated data URL. */
function completeBody(operation: Operation, body: Record<string, unknown>): Record<string, unknown> {
  if (operation.path !== '/api/medical-records' || typeof body.fileContents !== 'string' || !body.fileContents.startsWith('data:')) return body;
  const [header = '', base64 = ''] = body.fileContents.split(',');
  const type = header.slice('data:'.length, header.indexOf(';'));
  return { ...body, fileType: type, fileSize: Buffer.from(base64, 'base64').length };
}

interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, unknown>;
}

/** What an answer may not be: a 5xx (but an upload's 503 with Retry-After when its slots are taken), a refusal other than `{ message }`. */
function problemsWith(operation: Operation, { status, body, headers }: Answer): string[] {
  if (status === 503 && operation.path === '/api/medical-records' && headers['retry-after'] !== undefined) return [];
  if (status >= 500) return [`answered ${status}: ${JSON.stringify(body)}`];
  if (status < 400) return [];
  const isMessage =
    typeof body === 'object' && body !== null && Object.keys(body).join() === 'message' && typeof (body as { message: unknown }).message === 'string';
  return isMessage ? [] : [`answered ${status} with a body that is not exactly { message: string }: ${JSON.stringify(body)}`];
}

const statusCounts = new Map<number, number>();
let requestCount = 0;

async function send(request: GeneratedRequest): Promise<Answer> {
  const response = await t.app.inject({
    method: request.method,
    url: request.url,
    headers: request.headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  let body: unknown = response.body;
  if (String(response.headers['content-type'] ?? '').includes('application/json')) {
    try {
      body = response.json();
    } catch {
      body = `(not JSON) ${response.body.slice(0, 200)}`;
    }
  }
  requestCount++;
  statusCounts.set(response.statusCode, (statusCounts.get(response.statusCode) ?? 0) + 1);
  return { status: response.statusCode, body, headers: response.headers };
}

/** Fresh tables holding both users, a row of each kind for each, and a document uploaded through the API. */
async function prepare(): Promise<{ patient: Rows; other: Rows; keptId: number; keptBytes: Buffer }> {
  await wipeData(t.db);
  t.userId = (await createUser(t.db, { displayName: 'Alex Morgan', email: 'alex@example.com' })).id;
  t.otherUserId = (await createUser(t.db, { displayName: 'Other Person' })).id;
  // Each patient's account (ADR 21): their tokens and sessions hang off it.
  for (const id of [t.userId, t.otherUserId]) await createAccount(t.db, id);
  const keptBytes = samplePdf('Kept', ['This document must come back byte for byte']);
  const uploaded = await api(t.app, 'POST', '/api/medical-records', {
    userId: t.userId,
    filename: 'kept.pdf',
    fileType: 'application/pdf',
    fileSize: keptBytes.length,
    fileContents: dataUrl(keptBytes, 'application/pdf'),
  });
  expect(uploaded.status).toBe(201);
  return { patient: await rowsOf(t, t.userId), other: await rowsOf(t, t.otherUserId), keptId: uploaded.body.id, keptBytes };
}

async function fuzzOperation(operation: Operation, document: object, operationSeed: number): Promise<void> {
  const { patient, other, keptId, keptBytes } = await prepare();
  const ids = (kind: keyof Rows) => [patient[kind], other[kind]];
  const context: RequestContext = {
    document,
    hint: hints(ids),
    // The kept document is never offered as an id, so no generated DELETE removes it.
    existingIds: (op, param) => ids(kindOf(op, param)).filter((id) => kindOf(op, param) !== 'record' || id !== keptId),
    takesMultipart: (op) => op.path === '/api/chat/n8n',
    completeBody,
  };
  const keptUrl = `/api/medical-records/${keptId}`;
  const isChat = operation.path.startsWith('/api/chat/');
  const isSignIn = SIGN_IN_PATH.test(operation.path);
  const except = isSignIn ? SIGN_IN_RECORDS : [];
  // Each passphrase a sign-in route accepts is hashed (a fifth of a second), and the app reopened after it: a tenth of
  // the requests.
  const operationRuns = isSignIn ? Math.max(10, Math.ceil(runs / 10)) : runs;
  let fingerprint = await dataFingerprint(t.db, except);
  const result = await fc.check(
    fc.asyncProperty(requestsFor(operation, context), async (request) => {
      // An id the schema generated can still be the kept document's: that one DELETE stays out of the run.
      if (operation.method === 'DELETE' && request.url.split('?')[0] === keptUrl) return;
      if (isChat) {
        // Every chat request counts against the per-minute limit: forgotten, so requests keep reaching the handler.
        await t.db.delete(chatRequests);
        fingerprint = await dataFingerprint(t.db);
      }
      const response = await send(request);
      const after = await dataFingerprint(t.db, except);
      const problems = problemsWith(operation, response);
      if (response.status >= 400 && after !== fingerprint) problems.push(`answered ${response.status} but changed data`);
      fingerprint = after;
      // Only an accepted request can have set a passphrase or started a session.
      if (isSignIn && response.status < 300) {
        await reopen(t);
        fingerprint = await dataFingerprint(t.db, except);
      }
      if (problems.length > 0) throw new Error(problems.join('; '));
    }),
    // No shrinking: each request runs against the data the ones before it left, so a smaller one proves little.
    { numRuns: operationRuns, seed: operationSeed, endOnFailure: true },
  );
  if (result.failed) {
    const [request] = result.counterexample ?? [];
    const why = result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
    throw new Error(`${why}\n  request ${result.numRuns} of the run: ${request ? describeRequest(request) : '(none)'}`);
  }
  const kept = await t.app.inject({ method: 'GET', url: `${keptUrl}/file` });
  expect(kept.statusCode, `${operation.method} ${operation.path}: the kept document`).toBe(200);
  expect(Buffer.compare(kept.rawPayload, keptBytes), `${operation.method} ${operation.path}: the kept document changed`).toBe(0);
}

describe('requests generated from the OpenAPI document', () => {
  it(`never answer 5xx, refuse with { message } and change nothing when they do (${runs} per operation, seed ${seed})`, async () => {
    const document = await fetchOpenApiDocument(t.app);
    const operations = operationsOf(document).filter((operation) => !only || only.test(`${operation.method} ${operation.path}`));
    if (!only) expect(operations.length).toBeGreaterThanOrEqual(35);
    const failures: string[] = [];
    for (const [index, operation] of operations.entries()) {
      // Each operation has a seed of its own, so it replays alone with the same requests.
      const operationSeed = seed + index;
      try {
        await fuzzOperation(operation, document, operationSeed);
      } catch (error) {
        failures.push(`${operation.method} ${operation.path} (FUZZ_SEED=${seed}, its seed ${operationSeed}):\n${(error as Error).message}`);
      }
    }
    const statuses = [...statusCounts.entries()].sort(([a], [b]) => a - b);
    const serverErrors = statuses.filter(([status]) => status >= 500).reduce((sum, [, count]) => sum + count, 0);
    console.log(
      [
        `generated inputs: seed ${seed}, ${runs} runs per operation`,
        `operations: ${operations.length}, requests: ${requestCount}`,
        'status  count',
        ...statuses.map(([status, count]) => `${status}     ${count}`),
        `${serverErrors} × 5xx, ${failures.length} operations failing`,
      ].join('\n'),
    );
    expect(failures, failures.join('\n\n')).toEqual([]);
  }, 1_800_000);
});

describe("the chat's multipart fields", () => {
  const multipart = (fields: Record<string, string>) => {
    const boundary = 'chat-boundary';
    const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    return { 'content-type': `multipart/form-data; boundary=${boundary}`, payload: `${parts.join('')}--${boundary}--\r\n` };
  };

  it.each([
    ['U+0000 in the message', { chatInput: 'chest\u0000pain' }, 'chatInput: must not contain the character U+0000 (NUL)'],
    ['metadata nested 30,000 levels', { chatInput: 'Hello', metadata: `{"a":${'['.repeat(30_000)}${']'.repeat(30_000)}}` }, 'metadata: nests deeper than 32 levels'],
  ])('refuses %s with 400 and keeps nothing', async (_case, fields, message) => {
    const before = await dataFingerprint(t.db);
    const { 'content-type': contentType, payload } = multipart({ action: 'sendMessage', sessionId: 'session-1', ...fields });
    const response = await t.app.inject({ method: 'POST', url: '/api/chat/n8n', headers: { 'content-type': contentType }, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await dataFingerprint(t.db)).toBe(before);
  });
});
