import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCallServiceStandIn, unreachableAddress, type CallServiceStandIn } from '../../../../testing/call-service-stand-in';
import { OutsideServiceError } from '../../../core/errors';
import { ntfySender } from './ntfy';
import type { OutsideMessage } from './types';

const message: OutsideMessage = {
  kind: 'refill-low',
  text: 'HealthAssist: you have a reminder (a refill is due)',
  link: 'https://health.example.com/medications',
};
const patient = { email: 'alex@example.com', phone: null };

/** The OutsideServiceError that sending ended in. */
async function failureOf(sending: Promise<unknown>): Promise<OutsideServiceError> {
  const error = await sending.then(() => undefined, (thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(OutsideServiceError);
  return error as OutsideServiceError;
}

describe('ntfy', () => {
  // A local HTTP server standing in for an ntfy server: it keeps what it receives.
  let ntfy: CallServiceStandIn;
  beforeAll(async () => {
    ntfy = await startCallServiceStandIn();
  });
  beforeEach(() => {
    ntfy.requests.length = 0;
    ntfy.answerWith({ status: 200, body: { id: 'msg1', event: 'message' } });
  });
  afterAll(async () => {
    await ntfy.close();
  });

  it('publishes the text as the body to the topic, titled HealthAssist, opening the link when tapped, with the token', async () => {
    await ntfySender({ url: `${ntfy.url}/healthassist-x7k2`, token: 'tk_secret' }, 2000).send(message, patient);

    expect(ntfy.requests).toHaveLength(1);
    const [request] = ntfy.requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/healthassist-x7k2');
    expect(request!.body).toBe('HealthAssist: you have a reminder (a refill is due)');
    expect(request!.headers).toMatchObject({
      'content-type': 'text/plain; charset=utf-8',
      title: 'HealthAssist',
      click: 'https://health.example.com/medications',
      tags: 'bell',
      authorization: 'Bearer tk_secret',
    });
  });

  it('sends no Authorization to a topic without a token', async () => {
    await ntfySender({ url: `${ntfy.url}/open-topic`, token: null }, 2000).send(message, patient);
    expect(ntfy.requests[0]!.headers.authorization).toBeUndefined();
  });

  it.each([
    ['an error status', { status: 500, body: { code: 50001, error: 'internal' } }, 'ntfy answered 500'],
    ['a refused token', { status: 403, body: { code: 40301, http: 403, error: 'forbidden' } }, 'ntfy answered 403'],
    ['a redirect, not followed with the token', { status: 301, body: {} }, 'ntfy answered 301'],
  ] as const)('fails on %s with a reason that names neither the topic nor the token', async (_case, answer, reason) => {
    ntfy.answerWith(answer);
    const failure = await failureOf(ntfySender({ url: `${ntfy.url}/healthassist-x7k2`, token: 'tk_secret' }, 2000).send(message, patient));
    expect(failure.message).toBe(reason);
    expect(JSON.stringify({ message: failure.message, details: failure.details })).not.toMatch(/x7k2|tk_secret/);
  });

  it('fails when ntfy does not answer in time', async () => {
    ntfy.answerWith('no answer');
    const failure = await failureOf(ntfySender({ url: `${ntfy.url}/t`, token: null }, 200).send(message, patient));
    expect(failure.message).toBe('ntfy did not answer in time');
  });

  it('fails when ntfy cannot be reached', async () => {
    const failure = await failureOf(ntfySender({ url: `${await unreachableAddress()}/t`, token: null }, 2000).send(message, patient));
    expect(failure.message).toBe('ntfy could not be reached');
  });
});
