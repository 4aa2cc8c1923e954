import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCallServiceStandIn, unreachableAddress, type CallServiceStandIn } from '../../../../testing/call-service-stand-in';
import { OutsideServiceError } from '../../../core/errors';
import type { ConfirmationCallConfig } from '../../../env';
import { smsSender } from './sms';
import type { OutsideMessage } from './types';

const SID = 'AC0123456789abcdef0123456789abcdef';
const KEY = 'twilio-auth-token-for-tests';

const message: OutsideMessage = {
  kind: 'appointment-tomorrow',
  text: 'HealthAssist: you have a reminder (appointment tomorrow at 9:00)',
  link: 'https://health.example.com/appointments',
};
const patient = { email: 'alex@example.com', phone: '(212) 555-0123' };

/** The OutsideServiceError that sending ended in. */
async function failureOf(sending: Promise<unknown>): Promise<OutsideServiceError> {
  const error = await sending.then(() => undefined, (thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(OutsideServiceError);
  return error as OutsideServiceError;
}

describe('SMS through the call service', () => {
  let service: CallServiceStandIn;
  beforeAll(async () => {
    service = await startCallServiceStandIn();
  });
  beforeEach(() => {
    service.requests.length = 0;
  });
  afterAll(async () => {
    await service.close();
  });

  const policy = { country: 'US', countries: ['US'], limitPerHour: 5, timeoutMs: 2000 } as const;
  const twilio = (settings: Partial<ConfirmationCallConfig> = {}): ConfirmationCallConfig =>
    ({ ...policy, provider: 'twilio', baseUrl: service.url, accountSid: SID, apiKey: KEY, from: '+12125550100', ...settings }) as ConfirmationCallConfig;
  const webhook = (settings: Partial<ConfirmationCallConfig> = {}): ConfirmationCallConfig =>
    ({ ...policy, provider: 'webhook', url: `${service.url}/calls`, apiKey: 'webhook-key', from: null, ...settings }) as ConfirmationCallConfig;

  it("sends through Twilio's Messages API with the call's basic auth, To in E.164, From and the text with its link", async () => {
    service.answerWith({ status: 201, body: { sid: 'SM11111111111111111111111111111111', status: 'queued' } });
    await smsSender(twilio()).send(message, patient);

    expect(service.requests).toHaveLength(1);
    const [request] = service.requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:${KEY}`).toString('base64')}`);
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request!.body))).toEqual({
      To: '+12125550123',
      From: '+12125550100',
      Body: 'HealthAssist: you have a reminder (appointment tomorrow at 9:00)\nhttps://health.example.com/appointments',
    });
  });

  it("POSTs the webhook provider's URL with its bearer key and { from, to, message }", async () => {
    service.answerWith({ status: 202, body: {} });
    await smsSender(webhook()).send(message, patient);

    const [request] = service.requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/calls');
    expect(request!.headers.authorization).toBe('Bearer webhook-key');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request!.body)).toEqual({
      from: null,
      to: '+12125550123',
      message: 'HealthAssist: you have a reminder (appointment tomorrow at 9:00)\nhttps://health.example.com/appointments',
    });
  });

  it.each([
    ['no phone in the profile', null, 'The profile has no phone number to text'],
    ['a phone that is no real number', '(555) 201-3300', 'The profile’s phone number cannot receive a text'],
    ['a phone in a country not texted', '+44 20 7946 0018', 'The profile’s phone number is in GB, where this app sends no texts'],
  ])('sends nothing for %s, and never repeats the number', async (_case, phone, reason) => {
    const failure = await failureOf(smsSender(twilio()).send(message, { ...patient, phone }));
    expect(failure.message).toBe(reason);
    expect(failure.message).not.toMatch(/\d{3}/);
    expect(service.requests).toHaveLength(0);
  });

  it.each([
    ['an error status', { status: 500, body: { code: 20500 } }, 'The text message service answered 500'],
    ['a refusal of the credentials', { status: 401, body: { code: 20003 } }, 'The text message service answered 401'],
  ] as const)('fails on %s with a reason safe to log', async (_case, answer, reason) => {
    service.answerWith(answer);
    expect((await failureOf(smsSender(twilio()).send(message, patient))).message).toBe(reason);
    expect((await failureOf(smsSender(webhook()).send(message, patient))).message).toBe(reason);
  });

  it('fails when the service does not answer in time', async () => {
    service.answerWith('no answer');
    const failure = await failureOf(smsSender(twilio({ timeoutMs: 200 })).send(message, patient));
    expect(failure.message).toBe('The text message service did not answer in time');
  });

  it('fails when the service cannot be reached', async () => {
    const failure = await failureOf(smsSender(webhook({ url: await unreachableAddress() })).send(message, patient));
    expect(failure.message).toBe('The text message service could not be reached');
  });
});
