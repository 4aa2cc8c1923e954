import { callIdIn, requestCallService } from './call-service';
import { callPolicy, type CallPolicySettings, type ConfirmationCall, type ConfirmationCaller } from './types';

export interface WebhookSettings extends CallPolicySettings {
  url: string;
  apiKey: string;
  /** The number the call comes from (E.164), or null to leave it to the service. */
  from: string | null;
  timeoutMs: number;
}

/**
 * Any voice-call service behind a small adapter of its own: POST {url} with `Authorization: Bearer {key}` and
 * `{ from, to, appointment: { id, type, date, time, providerName, patientName } }`; a 2xx answers `{ "callId": "…" }`.
 */
export function webhookCaller({ url, apiKey, from, timeoutMs, ...policy }: WebhookSettings): ConfirmationCaller {
  return {
    service: 'webhook',
    ...callPolicy(policy),
    async place({ to, appointment }: ConfirmationCall) {
      const { id, type, date, time, providerName, patientName } = appointment;
      const answer = await requestCallService(
        url,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
          // Field by field, so that nothing added to ConfirmationCall later is sent without being chosen here.
          body: JSON.stringify({ from, to, appointment: { id, type, date, time, providerName, patientName } }),
        },
        timeoutMs,
      );
      return { callId: callIdIn(answer, 'callId') };
    },
  };
}
