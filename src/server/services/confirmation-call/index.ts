import type { ConfirmationCallConfig } from '../../env';
import { twilioCaller } from './twilio';
import type { ConfirmationCaller } from './types';
import { webhookCaller } from './webhook';

/** The caller the environment configures, or undefined when CONFIRMATION_CALL_PROVIDER is unset (no call is made). */
export function confirmationCallerFor(config: ConfirmationCallConfig | null): ConfirmationCaller | undefined {
  if (!config) return undefined;
  return config.provider === 'twilio' ? twilioCaller(config) : webhookCaller(config);
}
