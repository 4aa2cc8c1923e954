import type { NtfyConfig } from '../../../env';
import { requestOutsideService } from '../../outside-request';
import { CHANNEL_TIMEOUT_MS, channelService } from './channel-error';
import type { ChannelSender } from './types';

const NTFY = channelService('ntfy');

/** The notification's title on the phone, whatever it is about: the lock screen shows it. */
export const NTFY_TITLE = 'HealthAssist';

/**
 * ntfy (https://docs.ntfy.sh/publish/): the text is POSTed as the body to the topic URL, with the headers ntfy reads:
 * `Title`, `Click` (opened when the notification is tapped) and `Tags` (an emoji before the title), and
 * `Authorization: Bearer {token}` for a protected topic. Headers carry only ASCII, which all of these are.
 */
export function ntfySender({ url, token }: NtfyConfig, timeoutMs = CHANNEL_TIMEOUT_MS): ChannelSender {
  return {
    async send(message) {
      await requestOutsideService(
        NTFY,
        url,
        {
          method: 'POST',
          headers: {
            'content-type': 'text/plain; charset=utf-8',
            title: NTFY_TITLE,
            click: message.link,
            tags: 'bell',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: message.text,
        },
        timeoutMs,
      );
    },
  };
}
