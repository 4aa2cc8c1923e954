import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCallServiceStandIn, unreachableAddress, type CallServiceStandIn } from '../../../testing/call-service-stand-in';
import { confirmationTwiml, spokenDate, spokenTime, twilioCaller } from './twilio';
import { ConfirmationCallError, type ConfirmationCall } from './types';

/** The ConfirmationCallError that placing the call ended in. */
async function failureOf(placing: Promise<unknown>): Promise<ConfirmationCallError> {
  const error = await placing.then(() => undefined, (thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(ConfirmationCallError);
  return error as ConfirmationCallError;
}

const SID = 'AC0123456789abcdef0123456789abcdef';
const KEY = 'twilio-auth-token-for-tests';

const call: ConfirmationCall = {
  to: '+12125550123',
  appointment: { id: 7, type: 'Dental Cleaning', date: '2030-05-01', time: '14:30', providerName: 'Dr. Chen', patientName: 'Alex Morgan' },
};

describe('what the call says', () => {
  it.each([
    ['2030-05-01', 'Wednesday, May 1, 2030'],
    ['2026-12-31', 'Thursday, December 31, 2026'],
  ])('reads %s as %s', (date, spoken) => {
    expect(spokenDate(date)).toBe(spoken);
  });

  it.each([
    ['09:00', 'at 9:00 AM'],
    ['14:30', 'at 2:30 PM'],
    ['00:15', 'at 12:15 AM'],
    ['morning', 'in the morning'],
    ['afternoon', 'in the afternoon'],
    ['evening', 'in the evening'],
    ['any', 'at any time of day'],
  ])('reads the time %s as %s', (time, spoken) => {
    expect(spokenTime(time)).toBe(spoken);
  });

  it("reads the patient's name, the type, the day and the time, and nothing else", () => {
    expect(confirmationTwiml(call)).toBe(
      '<Response><Say>Hello. This is an automated call to confirm an appointment for Alex Morgan: Dental Cleaning, on Wednesday, May 1, 2030, at 2:30 PM. Thank you, goodbye.</Say></Response>',
    );
  });

  it('keeps names text, not markup', () => {
    const twiml = confirmationTwiml({
      ...call,
      appointment: { ...call.appointment, type: 'Check <Hangup/> & "clean"', patientName: "Alex O'Hara" },
    });
    expect(twiml).toContain('Alex O&apos;Hara: Check &lt;Hangup/&gt; &amp; &quot;clean&quot;,');
    expect(twiml.match(/</g)).toHaveLength(4);
  });
});

describe('twilioCaller', () => {
  let twilio: CallServiceStandIn;
  beforeAll(async () => {
    twilio = await startCallServiceStandIn();
  });
  beforeEach(() => {
    twilio.requests.length = 0;
  });
  afterAll(async () => {
    await twilio.close();
  });

  const caller = (settings: { baseUrl?: string; timeoutMs?: number } = {}) =>
    twilioCaller({ baseUrl: twilio.url, accountSid: SID, apiKey: KEY, from: '+12125550100', country: 'US', timeoutMs: 2000, ...settings });

  it("creates the call through the Calls API, with basic auth, To, From and the TwiML, and answers Twilio's sid", async () => {
    twilio.answerWith({ status: 201, body: { sid: 'CA11111111111111111111111111111111', status: 'queued' } });
    expect(await caller().place(call)).toEqual({ callId: 'CA11111111111111111111111111111111' });

    expect(twilio.requests).toHaveLength(1);
    const [request] = twilio.requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe(`/2010-04-01/Accounts/${SID}/Calls.json`);
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:${KEY}`).toString('base64')}`);
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request!.body))).toEqual({
      To: '+12125550123',
      From: '+12125550100',
      Twiml: confirmationTwiml(call),
    });
  });

  it.each([
    ['an error status', { status: 500, body: { code: 20500, message: 'Internal Server Error' } }, 'The call service answered 500'],
    ['a refusal of the credentials', { status: 401, body: { code: 20003, message: 'Authenticate' } }, 'The call service answered 401'],
    ['a success without a sid', { status: 201, body: { status: 'queued' } }, 'The call service answered without a call id'],
  ] as const)('fails on %s with a reason the patient can read', async (_case, answer, reason) => {
    twilio.answerWith(answer);
    expect((await failureOf(caller().place(call))).reason).toBe(reason);
  });

  it('fails when Twilio does not answer in time', async () => {
    twilio.answerWith('no answer');
    expect((await failureOf(caller({ timeoutMs: 200 }).place(call))).reason).toBe('The call service did not answer in time');
  });

  it('fails when Twilio cannot be reached', async () => {
    expect((await failureOf(caller({ baseUrl: await unreachableAddress() }).place(call))).reason).toBe('The call service could not be reached');
  });
});
