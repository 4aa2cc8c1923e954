import { addDays, format } from 'date-fns';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { startCallServiceStandIn, type CallServiceStandIn } from './call-service-stand-in';
import { createProvider, createUser } from './factories';
import { createTestDatabase } from './test-database';
import { api } from './test-app';
import { buildApp } from '../server/app';
import type { Database, DatabaseHandle } from '../server/db/client';
import { wipeData } from '../server/db/reset';
import { appointments } from '../server/db/schema/index';
import { twilioCaller } from '../server/services/confirmation-call/twilio';
import { webhookCaller } from '../server/services/confirmation-call/webhook';

// The apps of the confirmation call's tests (appointment-confirmation-call*.test.ts), against real local HTTP servers
// standing in for a webhook service and for Twilio. The `let`s below are set by useConfirmationCallApps's hooks: an
// ES module's exports are live bindings, so a test file that imports them sees each value once its hooks have run.

export const WEBHOOK_KEY = 'webhook-key-never-logged';
export const TWILIO_SID = 'AC0123456789abcdef0123456789abcdef';
export const TWILIO_KEY = 'twilio-token-never-logged';
export const FROM = '+12125550100';
/** A call that takes longer than this has failed: short, so the test of a silent service is quick. */
const TIMEOUT_MS = 500;

let database: DatabaseHandle;
export let db: Database;
export let webhook: CallServiceStandIn;
export let twilio: CallServiceStandIn;
/** An app calling through the webhook, one through Twilio, and one with no call service configured. */
export let withWebhook: FastifyInstance;
export let withTwilio: FastifyInstance;
export let withoutCalls: FastifyInstance;
/** Webhook apps with a list of countries beyond the default, and with a limit of two calls an hour. */
export let withUsAndGb: FastifyInstance;
export let withTwoCallsAnHour: FastifyInstance;
/** Every log line the apps wrote. */
const logLines: string[] = [];
export let userId: number;

/** Builds the apps once for the test file, and starts each test from the patient and another user. */
export function useConfirmationCallApps(): void {
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    webhook = await startCallServiceStandIn();
    twilio = await startCallServiceStandIn();
    const logger = { level: 'info', stream: { write: (line: string) => void logLines.push(line) } };
    withWebhook = await buildApp({
      database,
      logger,
      confirmationCaller: webhookCaller({ url: `${webhook.url}/calls`, apiKey: WEBHOOK_KEY, from: FROM, country: 'US', timeoutMs: TIMEOUT_MS }),
    });
    withTwilio = await buildApp({
      database,
      logger,
      confirmationCaller: twilioCaller({ baseUrl: twilio.url, accountSid: TWILIO_SID, apiKey: TWILIO_KEY, from: FROM, country: 'US', timeoutMs: TIMEOUT_MS }),
    });
    withoutCalls = await buildApp({ database });
    const webhookSettings = { url: `${webhook.url}/calls`, apiKey: WEBHOOK_KEY, from: FROM, country: 'US', timeoutMs: TIMEOUT_MS } as const;
    withUsAndGb = await buildApp({ database, confirmationCaller: webhookCaller({ ...webhookSettings, countries: ['US', 'GB'] }) });
    withTwoCallsAnHour = await buildApp({ database, confirmationCaller: webhookCaller({ ...webhookSettings, limitPerHour: 2 }) });
  });

  beforeEach(async () => {
    await wipeData(db);
    userId = (
      await createUser(db, {
        displayName: 'Alex Morgan',
        email: 'alex@example.com',
        existingConditions: 'Type 2 diabetes',
        medications: 'Metformin',
        allergies: 'Penicillin',
      })
    ).id;
    await createUser(db, { displayName: 'Other Person' });
    webhook.requests.length = 0;
    twilio.requests.length = 0;
    webhook.answerWith({ status: 200, body: { callId: 'call-0001' } });
    twilio.answerWith({ status: 201, body: { sid: 'CA0123456789abcdef0123456789abcdef', status: 'queued' } });
    logLines.length = 0;
  });

  afterAll(async () => {
    await withWebhook?.close();
    await withTwilio?.close();
    await withoutCalls?.close();
    await withUsAndGb?.close();
    await withTwoCallsAnHour?.close();
    await webhook?.close();
    await twilio?.close();
    await database?.close();
  });
}

export const tomorrow = () => format(addDays(new Date(), 1), 'yyyy-MM-dd');

/** The quick scheduling dialog's payload: the one that asks for the call. */
export function quickSchedule(providerId: number, overrides: Record<string, unknown> = {}) {
  return { userId, providerId, service: 'Dental Cleaning', date: tomorrow(), timeSlot: '9:00 AM', notes: 'Sensitive teeth', status: 'Scheduled', ...overrides };
}

/** Schedule New's payload, which does not. */
export function scheduleNew(providerId: number) {
  return { userId, providerId, appointmentType: 'Dental Cleaning', appointmentDate: tomorrow(), appointmentTime: 'morning', notes: 'Sensitive teeth' };
}

export const dentist = () => createProvider(db, userId, { name: 'Dr. Chen', specialty: 'Dentistry', phone: '(212) 555-0123' });

export async function storedCall(id: number) {
  const [row] = await db
    .select({ status: appointments.confirmationCallStatus, callId: appointments.confirmationCallId, error: appointments.confirmationCallError })
    .from(appointments)
    .where(eq(appointments.id, id));
  return row;
}

export async function listedAppointments(app: FastifyInstance) {
  return (await api(app, 'GET', `/api/appointments/${userId}`)).body;
}

export function logged(message: string) {
  return logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === message);
}

export function expectNoSecretLogged() {
  const log = logLines.join('\n');
  expect(log).not.toContain(WEBHOOK_KEY);
  expect(log).not.toContain(TWILIO_KEY);
  expect(log).not.toContain(Buffer.from(`${TWILIO_SID}:${TWILIO_KEY}`).toString('base64'));
}
