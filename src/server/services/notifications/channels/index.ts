import type { Env } from '../../../env';
import { emailSender } from './email';
import { ntfySender } from './ntfy';
import { smsSender } from './sms';
import type { NotificationChannels } from './types';
import { webhookSender } from './webhook';

/**
 * The channels beyond the app that this server is set up for, and no other: e-mail with SMTP_URL and MAIL_FROM, SMS
 * with the confirmation call's provider, ntfy with NTFY_URL, the webhook with NOTIFY_WEBHOOK_URL.
 */
export function notificationChannelsFor(env: Pick<Env, 'email' | 'confirmationCall' | 'ntfy' | 'notifyWebhook'>): NotificationChannels {
  return {
    ...(env.email ? { email: emailSender(env.email) } : {}),
    ...(env.confirmationCall ? { sms: smsSender(env.confirmationCall) } : {}),
    ...(env.ntfy ? { ntfy: ntfySender(env.ntfy) } : {}),
    ...(env.notifyWebhook ? { webhook: webhookSender(env.notifyWebhook) } : {}),
  };
}

/**
 * The app's own origin, for the links reminders carry: PUBLIC_URL; else the first ALLOWED_HOSTS name (over https
 * unless the entry names its scheme, as the proxy in front serves it); else this machine on PORT.
 */
export function publicUrlFor(env: Pick<Env, 'PUBLIC_URL' | 'ALLOWED_HOSTS' | 'PORT'>): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL;
  const [first] = env.ALLOWED_HOSTS;
  if (first) return /^https?:\/\//.test(first) ? first : `https://${first}`;
  return `http://localhost:${env.PORT}`;
}
