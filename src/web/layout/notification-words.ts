import { CHANNEL_LABELS, type NotificationChannel } from '../../shared/rules/notifications';
import { listWords } from '../../shared/rules/list-words';

/**
 * The panel's heading sentence: the spec's 'You have 3 unread notifications.' (part 1 §2 (docs/product.md#part-1-2)),
 * in the singular for one and as 'no' for none.
 */
export function unreadSentence(unread: number): string {
  if (unread === 0) return 'You have no unread notifications.';
  return `You have ${unread} unread ${unread === 1 ? 'notification' : 'notifications'}.`;
}

/** 'Could not be sent by e-mail and text message (SMS)': the channels a notification did not reach after every retry. */
export function failedChannelsWords(channels: readonly NotificationChannel[]): string {
  const names = channels.map((channel) => {
    const label = CHANNEL_LABELS[channel];
    return label.charAt(0).toLowerCase() + label.slice(1);
  });
  return `Could not be sent by ${listWords(names)}`;
}

/**
 * Where a notification leads: its `link` when it is a path of this app, else the dashboard. The server writes the
 * links, but a link to another site must never come out of the panel.
 */
export function appPath(link: string): string {
  return link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\') ? link : '/';
}
