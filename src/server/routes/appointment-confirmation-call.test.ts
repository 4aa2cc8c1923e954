import { addDays, format } from 'date-fns';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCallServiceStandIn, type CallServiceStandIn } from '../../testing/call-service-stand-in';
import { createCareItem, createProvider, createUser } from '../../testing/factories';
import { createTestDatabase } from '../../testing/test-database';
import { api } from '../../testing/test-app';
import { buildApp } from '../app';
import type { Database, DatabaseHandle } from '../db/client';
import { wipeData } from '../db/reset';
import { appointments, confirmationCalls } from '../db/schema/index';
import { confirmationTwiml, twilioCaller } from '../services/confirmation-call/twilio';
import { webhookCaller } from '../services/confirmation-call/webhook';

// POST /api/appointments and the confirmation call to the provider (issue 12), against real local HTTP servers
// standing in for a webhook service and for Twilio.

const WEBHOOK_KEY = 'webhook-key-never-logged';
const TWILIO_SID = 'AC0123456789abcdef0123456789abcdef';
const TWILIO_KEY = 'twilio-token-never-logged';
const FROM = '+12125550100';
/** A call that takes longer than this has failed: short, so the test of a silent service is quick. */
const TIMEOUT_MS = 500;

let database: DatabaseHandle;
let db: Database;
let webhook: CallServiceStandIn;
let twilio: CallServiceStandIn;
/** An app calling through the webhook, one through Twilio, and one with no call service configured. */
let withWebhook: FastifyInstance;
let withTwilio: FastifyInstance;
let withoutCalls: FastifyInstance;
/** Webhook apps with a list of countries beyond the default, and with a limit of two calls an hour. */
let withUsAndGb: FastifyInstance;
let withTwoCallsAnHour: FastifyInstance;
/** Every log line the apps wrote. */
const logLines: string[] = [];
let userId: number;

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

const tomorrow = () => format(addDays(new Date(), 1), 'yyyy-MM-dd');

/** The quick scheduling dialog's payload: the one that asks for the call. */
function quickSchedule(providerId: number, overrides: Record<string, unknown> = {}) {
  return { userId, providerId, service: 'Dental Cleaning', date: tomorrow(), timeSlot: '9:00 AM', notes: 'Sensitive teeth', status: 'Scheduled', ...overrides };
}

/** Schedule New's payload, which does not. */
function scheduleNew(providerId: number) {
  return { userId, providerId, appointmentType: 'Dental Cleaning', appointmentDate: tomorrow(), appointmentTime: 'morning', notes: 'Sensitive teeth' };
}

const dentist = () => createProvider(db, userId, { name: 'Dr. Chen', specialty: 'Dentistry', phone: '(212) 555-0123' });

async function storedCall(id: number) {
  const [row] = await db
    .select({ status: appointments.confirmationCallStatus, callId: appointments.confirmationCallId, error: appointments.confirmationCallError })
    .from(appointments)
    .where(eq(appointments.id, id));
  return row;
}

async function listedAppointments(app: FastifyInstance) {
  return (await api(app, 'GET', `/api/appointments/${userId}`)).body;
}

function logged(message: string) {
  return logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === message);
}

function expectNoSecretLogged() {
  const log = logLines.join('\n');
  expect(log).not.toContain(WEBHOOK_KEY);
  expect(log).not.toContain(TWILIO_KEY);
  expect(log).not.toContain(Buffer.from(`${TWILIO_SID}:${TWILIO_KEY}`).toString('base64'));
}

describe('the quick scheduling payload, with a webhook configured', () => {
  it('calls the provider after storing the appointment, and answers it as placed', async () => {
    const provider = await dentist();
    const care = await createCareItem(db, userId, { careName: 'Dental Cleaning' });
    const date = tomorrow();
    const response = await api(withWebhook, 'POST', '/api/appointments', quickSchedule(provider.id, { date, careItemId: care.id }));

    expect(response.status).toBe(201);
    const created = {
      id: response.body.id,
      userId,
      providerId: provider.id,
      appointmentType: 'Dental Cleaning',
      appointmentDate: date,
      appointmentTime: '09:00',
      status: 'scheduled',
      notes: 'Sensitive teeth',
      careItemId: care.id,
      confirmationCallStatus: 'placed',
      confirmationCallError: null,
    };
    expect(response.body).toEqual(created);
    expect(await listedAppointments(withWebhook)).toEqual([created]);
    expect(await storedCall(response.body.id)).toEqual({ status: 'placed', callId: 'call-0001', error: null });

    expect(webhook.requests).toHaveLength(1);
    const [request] = webhook.requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/calls');
    expect(request!.headers.authorization).toBe(`Bearer ${WEBHOOK_KEY}`);
    expect(JSON.parse(request!.body)).toEqual({
      from: FROM,
      to: '+12125550123',
      appointment: { id: response.body.id, type: 'Dental Cleaning', date, time: '09:00', providerName: 'Dr. Chen', patientName: 'Alex Morgan' },
    });
    for (const private_ of ['Sensitive teeth', 'diabetes', 'Metformin', 'Penicillin', 'careItem', 'alex@example.com']) {
      expect(request!.body).not.toContain(private_);
    }

    expect(logged('confirmation call placed')).toEqual([
      expect.objectContaining({ level: 30, appointmentId: response.body.id, callService: 'webhook', callId: 'call-0001' }),
    ]);
    expectNoSecretLogged();
  });

  it('dials a number written with its own country code as that country’s, when that country is on the list', async () => {
    const provider = await createProvider(db, userId, { phone: '+44 (0)20 7946 0018 ext. 4' });
    expect((await api(withUsAndGb, 'POST', '/api/appointments', quickSchedule(provider.id))).body.confirmationCallStatus).toBe('placed');
    expect(JSON.parse(webhook.requests[0]!.body)).toMatchObject({ to: '+442079460018' });
  });

  it('does not dial a country off the list (default: CONFIRMATION_CALL_COUNTRY alone), and keeps the booking', async () => {
    const provider = await createProvider(db, userId, { phone: '+44 (0)20 7946 0018' });
    const response = await api(withWebhook, 'POST', '/api/appointments', quickSchedule(provider.id));

    expect(response.status).toBe(201);
    const reason = 'The provider’s number is in GB, where this app places no calls';
    expect(response.body).toMatchObject({ status: 'scheduled', confirmationCallStatus: 'failed', confirmationCallError: reason });
    expect(await storedCall(response.body.id)).toEqual({ status: 'failed', callId: null, error: reason });
    expect(webhook.requests).toHaveLength(0);
  });

  it('places at most CONFIRMATION_CALL_LIMIT_PER_HOUR calls for the patient in an hour; the bookings beyond it stand, not called', async () => {
    const provider = await dentist();
    const statuses = [];
    for (let booking = 0; booking < 4; booking += 1) {
      const response = await api(withTwoCallsAnHour, 'POST', '/api/appointments', quickSchedule(provider.id));
      expect(response.status).toBe(201);
      statuses.push([response.body.confirmationCallStatus, response.body.confirmationCallError]);
    }
    const refused = ['failed', 'This app places at most 2 confirmation calls an hour: please call the provider to confirm'];
    expect(statuses).toEqual([['placed', null], ['placed', null], refused, refused]);
    expect(webhook.requests).toHaveLength(2);
    expect(await listedAppointments(withTwoCallsAnHour)).toHaveLength(4);
  });

  it('counts bookings sent at once one by one', async () => {
    const provider = await dentist();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => api(withTwoCallsAnHour, 'POST', '/api/appointments', quickSchedule(provider.id))),
    );
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    expect(responses.filter((response) => response.body.confirmationCallStatus === 'placed')).toHaveLength(2);
    expect(webhook.requests).toHaveLength(2);
  });

  it('does not count calls of more than an hour ago', async () => {
    const provider = await dentist();
    await db.insert(confirmationCalls).values([
      { userId, createdAt: new Date(Date.now() - 61 * 60_000) },
      { userId, createdAt: new Date(Date.now() - 62 * 60_000) },
    ]);
    expect((await api(withTwoCallsAnHour, 'POST', '/api/appointments', quickSchedule(provider.id))).body.confirmationCallStatus).toBe('placed');
  });

  it('records a failed call when the service answers 500, and keeps the appointment with its activity', async () => {
    webhook.answerWith({ status: 500, body: { error: 'down' } });
    const provider = await dentist();
    const response = await api(withWebhook, 'POST', '/api/appointments', quickSchedule(provider.id));

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ status: 'scheduled', confirmationCallStatus: 'failed', confirmationCallError: 'The call service answered 500' });
    expect(await listedAppointments(withWebhook)).toEqual([response.body]);
    expect(await storedCall(response.body.id)).toEqual({ status: 'failed', callId: null, error: 'The call service answered 500' });
    expect((await api(withWebhook, 'GET', `/api/activities/${userId}`)).body).toEqual([
      expect.objectContaining({ activityType: 'appointment_scheduled', relatedItemId: response.body.id }),
    ]);

    expect(logged('confirmation call failed')).toEqual([
      expect.objectContaining({ level: 40, appointmentId: response.body.id, reason: 'The call service answered 500', status: 500 }),
    ]);
    expectNoSecretLogged();
  });

  it('records a failed call when the service does not answer in time', async () => {
    webhook.answerWith('no answer');
    const provider = await dentist();
    const response = await api(withWebhook, 'POST', '/api/appointments', quickSchedule(provider.id));

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ confirmationCallStatus: 'failed', confirmationCallError: 'The call service did not answer in time' });
    expect(await listedAppointments(withWebhook)).toEqual([response.body]);
    expect(webhook.requests).toHaveLength(1);
  });

  it.each([
    ['has no phone number', null, 'The provider has no phone number'],
    ['has a number that is not a real one (the demo’s (555) numbers)', '(555) 201-3300', 'The provider’s phone number cannot be dialled'],
  ])('records a failed call, without calling, when the provider %s', async (_case, phone, reason) => {
    const provider = await createProvider(db, userId, { phone });
    const response = await api(withWebhook, 'POST', '/api/appointments', quickSchedule(provider.id));

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ confirmationCallStatus: 'failed', confirmationCallError: reason });
    expect(await storedCall(response.body.id)).toEqual({ status: 'failed', callId: null, error: reason });
    expect(webhook.requests).toEqual([]);
  });

  it('makes no call for a refused payload', async () => {
    const provider = await dentist();
    expect((await api(withWebhook, 'POST', '/api/appointments', quickSchedule(provider.id, { timeSlot: 'soon' }))).status).toBe(400);
    expect((await api(withWebhook, 'POST', '/api/appointments', quickSchedule(9999))).status).toBe(404);
    expect(webhook.requests).toEqual([]);
  });
});

describe('the quick scheduling payload, with Twilio configured', () => {
  it("creates the call through Twilio's Calls API and records Twilio's sid", async () => {
    const provider = await dentist();
    const date = tomorrow();
    const response = await api(withTwilio, 'POST', '/api/appointments', quickSchedule(provider.id, { date, timeSlot: '2:30 PM' }));

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ confirmationCallStatus: 'placed', confirmationCallError: null });
    expect(await storedCall(response.body.id)).toEqual({ status: 'placed', callId: 'CA0123456789abcdef0123456789abcdef', error: null });

    expect(twilio.requests).toHaveLength(1);
    const [request] = twilio.requests;
    expect(request!.url).toBe(`/2010-04-01/Accounts/${TWILIO_SID}/Calls.json`);
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from(`${TWILIO_SID}:${TWILIO_KEY}`).toString('base64')}`);
    const form = Object.fromEntries(new URLSearchParams(request!.body));
    expect(form).toEqual({
      To: '+12125550123',
      From: FROM,
      Twiml: confirmationTwiml({
        to: '+12125550123',
        appointment: { id: response.body.id, type: 'Dental Cleaning', date, time: '14:30', providerName: 'Dr. Chen', patientName: 'Alex Morgan' },
      }),
    });
    expect(form.Twiml).toContain('for Alex Morgan: Dental Cleaning, on ');
    for (const private_ of ['Sensitive teeth', 'diabetes', 'Metformin', 'Penicillin']) {
      expect(request!.body).not.toContain(private_);
    }
    expect(webhook.requests).toEqual([]);
    expectNoSecretLogged();
  });

  it('records a failed call when Twilio refuses it', async () => {
    twilio.answerWith({ status: 400, body: { code: 21211, message: "The 'To' number is not a valid phone number." } });
    const provider = await dentist();
    const response = await api(withTwilio, 'POST', '/api/appointments', quickSchedule(provider.id));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ confirmationCallStatus: 'failed', confirmationCallError: 'The call service answered 400' });
    expectNoSecretLogged();
  });
});

describe('no call', () => {
  it("for Schedule New's payload, even with a call service configured", async () => {
    const provider = await dentist();
    const response = await api(withWebhook, 'POST', '/api/appointments', scheduleNew(provider.id));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ confirmationCallStatus: 'none', confirmationCallError: null });
    expect(await storedCall(response.body.id)).toEqual({ status: 'none', callId: null, error: null });
    expect(webhook.requests).toEqual([]);
  });

  it('when no call service is configured', async () => {
    const provider = await dentist();
    const response = await api(withoutCalls, 'POST', '/api/appointments', quickSchedule(provider.id));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ confirmationCallStatus: 'none', confirmationCallError: null });
    expect(await storedCall(response.body.id)).toEqual({ status: 'none', callId: null, error: null });
    expect(webhook.requests).toEqual([]);
    expect(twilio.requests).toEqual([]);
  });
});
