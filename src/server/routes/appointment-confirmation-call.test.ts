import { describe, expect, it } from 'vitest';
import { createCareItem, createProvider } from '../../testing/factories';
import { api } from '../../testing/test-app';
import { confirmationCalls } from '../db/schema/index';
import {
  db,
  dentist,
  expectNoSecretLogged,
  FROM,
  listedAppointments,
  logged,
  quickSchedule,
  storedCall,
  tomorrow,
  useConfirmationCallApps,
  userId,
  webhook,
  WEBHOOK_KEY,
  withTwoCallsAnHour,
  withUsAndGb,
  withWebhook,
} from '../../testing/confirmation-call-fixtures';

// POST /api/appointments and the confirmation call to the provider (issue 12) through a webhook service. Through
// Twilio, and no call: appointment-confirmation-call-twilio.test.ts.

useConfirmationCallApps();

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
