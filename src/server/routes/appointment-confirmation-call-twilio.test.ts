import { describe, expect, it } from 'vitest';
import { api } from '../../testing/test-app';
import { confirmationTwiml } from '../services/confirmation-call/twilio';
import {
  dentist,
  expectNoSecretLogged,
  FROM,
  quickSchedule,
  scheduleNew,
  storedCall,
  tomorrow,
  twilio,
  TWILIO_KEY,
  TWILIO_SID,
  useConfirmationCallApps,
  webhook,
  withoutCalls,
  withTwilio,
  withWebhook,
} from '../../testing/confirmation-call-fixtures';

// POST /api/appointments and the confirmation call to the provider (issue 12) through Twilio, and the bookings that
// make no call.

useConfirmationCallApps();

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
