import { OutsideServiceError } from '../../../core/errors';
import type { OutsideService } from '../../outside-request';

/**
 * A notification that a channel could not deliver. Its message is stored on the delivery and may be logged, so it
 * names the service and what went wrong ('ntfy answered 500', 'The mail server did not answer in time'), never an
 * address, a key, a phone number or the message's words; `details` (a status, an SMTP code) are for the log only.
 */
export class NotificationChannelError extends OutsideServiceError {
  constructor(reason: string, details: Record<string, unknown> = {}, status: 502 | 504 = 502) {
    super(status, reason, details);
    this.name = 'NotificationChannelError';
  }
}

/** A channel's service as requestOutsideService tells its failures: 'ntfy answered 500', a NotificationChannelError. */
export function channelService(name: string): OutsideService {
  return { name, failure: (status, reason, details) => new NotificationChannelError(reason, details, status) };
}

/** Time a channel's service has to take a message; the job library gives a send 120 s before it tries again. */
export const CHANNEL_TIMEOUT_MS = 10_000;
