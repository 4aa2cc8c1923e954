import type { NotificationChannel, NotificationKind } from '../../../../shared/rules/notifications';

/** What one channel sends beyond the app (issue 33, ADR 23): words chosen by the scheduler, never composed here. */
export interface OutsideMessage {
  kind: NotificationKind;
  /** The whole sentence to send, already discreet or detailed: 'HealthAssist: you have a reminder (appointment tomorrow at 9:00)'. */
  text: string;
  /** An absolute URL into the app, e.g. https://health.example.com/appointments */
  link: string;
}

/** Where the patient is reached: the profile's e-mail and phone (as the patient wrote it). */
export interface Recipient {
  email: string;
  phone: string | null;
}

/**
 * Sends one message; throws an OutsideServiceError (src/server/core/errors.ts) whose message is safe to log (no health
 * data, no address or key) when the service refuses or cannot be reached.
 */
export interface ChannelSender {
  send(message: OutsideMessage, recipient: Recipient): Promise<void>;
}

export type NotificationChannels = Partial<Record<NotificationChannel, ChannelSender>>;
