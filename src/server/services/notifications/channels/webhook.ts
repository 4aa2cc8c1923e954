import type { NotifyWebhookConfig } from '../../../env';
import { requestOutsideService } from '../../outside-request';
import { CHANNEL_TIMEOUT_MS, channelService } from './channel-error';
import type { ChannelSender } from './types';

const WEBHOOK = channelService('The notification webhook');

/**
 * The generic webhook (Home Assistant, Gotify, Apprise behind a small automation): `POST {NOTIFY_WEBHOOK_URL}` with
 * JSON `{ kind, title, link }`, `title` being the message's whole sentence; any 2xx is taken.
 */
export function webhookSender({ url }: NotifyWebhookConfig, timeoutMs = CHANNEL_TIMEOUT_MS): ChannelSender {
  return {
    async send({ kind, text, link }) {
      await requestOutsideService(
        WEBHOOK,
        url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          // Field by field, so that nothing added to OutsideMessage later is sent without being chosen here.
          body: JSON.stringify({ kind, title: text, link }),
        },
        timeoutMs,
      );
    },
  };
}
