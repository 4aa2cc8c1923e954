import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCallServiceStandIn, unreachableAddress, type CallServiceStandIn } from '../../../../testing/call-service-stand-in';
import { OutsideServiceError } from '../../../core/errors';
import type { OutsideMessage } from './types';
import { webhookSender } from './webhook';

const message: OutsideMessage = {
  kind: 'appointment-soon',
  text: 'HealthAssist: you have a reminder (appointment today at 14:30)',
  link: 'https://health.example.com/appointments',
};
const patient = { email: 'alex@example.com', phone: '+12125550123' };

/** The OutsideServiceError that sending ended in. */
async function failureOf(sending: Promise<unknown>): Promise<OutsideServiceError> {
  const error = await sending.then(() => undefined, (thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(OutsideServiceError);
  return error as OutsideServiceError;
}

describe('the notification webhook', () => {
  // A local HTTP server standing in for Home Assistant, Gotify or Apprise: it keeps what it receives.
  let hook: CallServiceStandIn;
  beforeAll(async () => {
    hook = await startCallServiceStandIn();
  });
  beforeEach(() => {
    hook.requests.length = 0;
    hook.answerWith({ status: 200, body: {} });
  });
  afterAll(async () => {
    await hook.close();
  });

  it('POSTs { kind, title, link } as JSON, the title being the whole sentence, and nothing about the patient', async () => {
    await webhookSender({ url: `${hook.url}/api/webhook/healthassist-secret-id` }, 2000).send(message, patient);

    expect(hook.requests).toHaveLength(1);
    const [request] = hook.requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/api/webhook/healthassist-secret-id');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request!.body)).toEqual({
      kind: 'appointment-soon',
      title: 'HealthAssist: you have a reminder (appointment today at 14:30)',
      link: 'https://health.example.com/appointments',
    });
    expect(request!.body).not.toContain('alex@');
  });

  it('sends only the fields of the contract, whatever else the message carries', async () => {
    await webhookSender({ url: hook.url }, 2000).send({ ...message, notes: 'Sensitive' } as OutsideMessage, patient);
    expect(hook.requests[0]!.body).not.toContain('Sensitive');
  });

  it.each([
    ['an error status', { status: 500, body: { error: 'down' } }, 'The notification webhook answered 500'],
    ['a missing hook', { status: 404, body: {} }, 'The notification webhook answered 404'],
  ] as const)('fails on %s with a reason that never names the URL', async (_case, answer, reason) => {
    hook.answerWith(answer);
    const failure = await failureOf(webhookSender({ url: `${hook.url}/api/webhook/healthassist-secret-id` }, 2000).send(message, patient));
    expect(failure.message).toBe(reason);
    expect(JSON.stringify({ message: failure.message, details: failure.details })).not.toContain('secret-id');
  });

  it('fails when the webhook does not answer in time', async () => {
    hook.answerWith('no answer');
    const failure = await failureOf(webhookSender({ url: hook.url }, 200).send(message, patient));
    expect(failure.message).toBe('The notification webhook did not answer in time');
  });

  it('fails when the webhook cannot be reached', async () => {
    const failure = await failureOf(webhookSender({ url: await unreachableAddress() }, 2000).send(message, patient));
    expect(failure.message).toBe('The notification webhook could not be reached');
  });
});
