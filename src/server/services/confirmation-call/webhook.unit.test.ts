import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCallServiceStandIn, unreachableAddress, type CallServiceStandIn } from '../../../testing/call-service-stand-in';
import { ConfirmationCallError, type ConfirmationCall } from './types';

/** The ConfirmationCallError that placing the call ended in. */
async function failureOf(placing: Promise<unknown>): Promise<ConfirmationCallError> {
  const error = await placing.then(() => undefined, (thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(ConfirmationCallError);
  return error as ConfirmationCallError;
}
import { webhookCaller } from './webhook';

const KEY = 'webhook-key-for-tests';

const call: ConfirmationCall = {
  to: '+12125550123',
  appointment: { id: 7, type: 'Dental Cleaning', date: '2030-05-01', time: 'morning', providerName: 'Dr. Chen', patientName: 'Alex Morgan' },
};

describe('webhookCaller', () => {
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

  const caller = (settings: { url?: string; from?: string | null; timeoutMs?: number } = {}) =>
    webhookCaller({ url: `${service.url}/calls`, apiKey: KEY, from: '+12125550100', country: 'US', timeoutMs: 2000, ...settings });

  it('POSTs the call as JSON with the key as a bearer token, and answers the callId', async () => {
    service.answerWith({ status: 200, body: { callId: 'call-42' } });
    expect(await caller().place(call)).toEqual({ callId: 'call-42' });

    expect(service.requests).toHaveLength(1);
    const [request] = service.requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/calls');
    expect(request!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request!.body)).toEqual({
      from: '+12125550100',
      to: '+12125550123',
      appointment: { id: 7, type: 'Dental Cleaning', date: '2030-05-01', time: 'morning', providerName: 'Dr. Chen', patientName: 'Alex Morgan' },
    });
  });

  it('sends only the fields of the contract, whatever else the call carries', async () => {
    service.answerWith({ status: 201, body: { callId: 'call-43' } });
    const withMore = { ...call, notes: 'Sensitive teeth', appointment: { ...call.appointment, notes: 'Sensitive teeth' } } as ConfirmationCall;
    await caller().place(withMore);
    expect(service.requests[0]!.body).not.toContain('Sensitive');
  });

  it('sends from as null when no number is configured', async () => {
    service.answerWith({ status: 202, body: { callId: 'call-44' } });
    await caller({ from: null }).place(call);
    expect(JSON.parse(service.requests[0]!.body)).toMatchObject({ from: null, to: '+12125550123' });
  });

  it.each([
    ['an error status', { status: 500, body: { error: 'down' } }, 'The call service answered 500'],
    ['a redirect, not followed with the key', { status: 302, body: {} }, 'The call service answered 302'],
    ['a success without a callId', { status: 200, body: { id: 'call-45' } }, 'The call service answered without a call id'],
    ['a success that is not an object', { status: 200, body: ['call-46'] }, 'The call service answered without a call id'],
  ] as const)('fails on %s with a reason the patient can read', async (_case, answer, reason) => {
    service.answerWith(answer);
    expect((await failureOf(caller().place(call))).reason).toBe(reason);
  });

  it("keeps the status and the start of the service's answer for the log, not for the patient", async () => {
    service.answerWith({ status: 503, body: { error: 'maintenance' } });
    const failure = await failureOf(caller().place(call));
    expect(failure.reason).toBe('The call service answered 503');
    expect(failure.details).toEqual({ status: 503, answer: '{"error":"maintenance"}' });
  });

  it('fails when the service does not answer in time', async () => {
    service.answerWith('no answer');
    expect((await failureOf(caller({ timeoutMs: 200 }).place(call))).reason).toBe('The call service did not answer in time');
  });

  it('fails when the service cannot be reached', async () => {
    expect((await failureOf(caller({ url: await unreachableAddress() }).place(call))).reason).toBe('The call service could not be reached');
  });
});
