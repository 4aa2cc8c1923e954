import { format, parseISO } from 'date-fns';
import { formatTime } from '../../../shared/rules/formats';
import { callIdIn, requestCallService } from './call-service';
import { callPolicy, type CallPolicySettings, type ConfirmationCall, type ConfirmationCaller } from './types';

export interface TwilioSettings extends CallPolicySettings {
  /** https://api.twilio.com, or a local server in tests. */
  baseUrl: string;
  accountSid: string;
  apiKey: string;
  from: string;
  timeoutMs: number;
}

/** An account's resources in Twilio's REST API: `{account}/Calls.json`, `{account}/Messages.json` (the SMS channel). */
export function twilioAccountUrl(baseUrl: string, accountSid: string): string {
  return `${baseUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}`;
}

/** Twilio's basic auth: the account SID and the auth token (CONFIRMATION_CALL_API_KEY). */
export function twilioAuthorization(accountSid: string, apiKey: string): string {
  return `Basic ${Buffer.from(`${accountSid}:${apiKey}`).toString('base64')}`;
}

/** Twilio's Calls API: the call reads the appointment to whoever answers, from TwiML sent with the request. */
export function twilioCaller({ baseUrl, accountSid, apiKey, from, timeoutMs, ...policy }: TwilioSettings): ConfirmationCaller {
  const callsUrl = `${twilioAccountUrl(baseUrl, accountSid)}/Calls.json`;
  const authorization = twilioAuthorization(accountSid, apiKey);
  return {
    service: 'twilio',
    ...callPolicy(policy),
    async place(call: ConfirmationCall) {
      const answer = await requestCallService(
        callsUrl,
        {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({ To: call.to, From: from, Twiml: confirmationTwiml(call) }),
        },
        timeoutMs,
      );
      // Twilio answers 201 with the call resource; its `sid` (CA…) is the call's id.
      return { callId: callIdIn(answer, 'sid') };
    },
  };
}

const PREFERENCE_WORDS: Record<string, string> = {
  morning: 'in the morning',
  afternoon: 'in the afternoon',
  evening: 'in the evening',
  any: 'at any time of day',
};

/** '2030-05-01' → 'Wednesday, May 1, 2030': a calendar date, read as written (no time zone moves it). */
export function spokenDate(date: string): string {
  return format(parseISO(date), 'EEEE, MMMM d, yyyy');
}

/** '14:30' → 'at 2:30 PM'; a preference → 'in the morning', 'at any time of day'. */
export function spokenTime(time: string): string {
  return PREFERENCE_WORDS[time] ?? `at ${formatTime(time)}`;
}

/** What the call says: the patient's name, the appointment's type, day and time; nothing else about their health. */
export function confirmationTwiml({ appointment }: ConfirmationCall): string {
  const { type, date, time, patientName } = appointment;
  const words = `Hello. This is an automated call to confirm an appointment for ${patientName}: ${type}, on ${spokenDate(date)}, ${spokenTime(time)}. Thank you, goodbye.`;
  return `<Response><Say>${escapeXml(words)}</Say></Response>`;
}

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** A name such as 'Smith & Jones <Dental>' stays text: TwiML is XML. */
function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => XML_ENTITIES[character]!);
}
