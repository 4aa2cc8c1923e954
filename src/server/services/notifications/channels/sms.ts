import type { ConfirmationCallConfig } from '../../../env';
import { countryOfE164, toE164 } from '../../confirmation-call/e164';
import { twilioAccountUrl, twilioAuthorization } from '../../confirmation-call/twilio';
import { requestOutsideService } from '../../outside-request';
import { CHANNEL_TIMEOUT_MS, channelService, NotificationChannelError } from './channel-error';
import type { ChannelSender, OutsideMessage, Recipient } from './types';

const TEXT_SERVICE = channelService('The text message service');

/** What a text says: the sentence and the link, on two lines. */
export function smsText(message: OutsideMessage): string {
  return `${message.text}\n${message.link}`;
}

/**
 * The patient's phone as the profile has it → E.164, read as the confirmation call reads a provider's: a number
 * without a country code is one of CONFIRMATION_CALL_COUNTRY, and only numbers of CONFIRMATION_CALL_COUNTRIES are
 * texted (a text abroad costs more, and a typo can reach a stranger). The reason never repeats the number.
 */
function phoneToText(recipient: Recipient, config: ConfirmationCallConfig): string {
  if (recipient.phone === null || recipient.phone.trim() === '') throw new NotificationChannelError('The profile has no phone number to text');
  const to = toE164(recipient.phone, config.country);
  if (to === null) throw new NotificationChannelError('The profile’s phone number cannot receive a text', { country: config.country });
  const country = countryOfE164(to);
  if (country === null || !config.countries.includes(country)) {
    throw new NotificationChannelError(`The profile’s phone number is in ${country ?? 'a shared international range'}, where this app sends no texts`, { country });
  }
  return to;
}

/**
 * Text messages (SMS) through the confirmation call's provider (CONFIRMATION_CALL_*), within its time limit:
 * - Twilio: its Messages API, `POST {baseUrl}/2010-04-01/Accounts/{sid}/Messages.json`, form fields To, From and
 *   Body, with the same basic auth as the call;
 * - the webhook: `POST {CONFIRMATION_CALL_URL}` with the same bearer key and `{ from, to, message }` (`message` where
 *   a call has `appointment`), answered with any 2xx.
 */
export function smsSender(config: ConfirmationCallConfig): ChannelSender {
  // The call's own timeout may be up to 120 s; a text keeps every channel's, well inside its delivery job's expiry, so
  // the job library never tries again while a slow send is still under way (a second text).
  const textTimeoutMs = Math.min(config.timeoutMs, CHANNEL_TIMEOUT_MS);
  if (config.provider === 'twilio') {
    const messagesUrl = `${twilioAccountUrl(config.baseUrl, config.accountSid)}/Messages.json`;
    const authorization = twilioAuthorization(config.accountSid, config.apiKey);
    return {
      async send(message, recipient) {
        const to = phoneToText(recipient, config);
        await requestOutsideService(
          TEXT_SERVICE,
          messagesUrl,
          {
            method: 'POST',
            headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
            body: new URLSearchParams({ To: to, From: config.from, Body: smsText(message) }),
          },
          textTimeoutMs,
        );
      },
    };
  }
  const { url, apiKey, from } = config;
  return {
    async send(message, recipient) {
      const to = phoneToText(recipient, config);
      await requestOutsideService(
        TEXT_SERVICE,
        url,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ from, to, message: smsText(message) }),
        },
        textTimeoutMs,
      );
    },
  };
}
