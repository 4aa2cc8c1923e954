import type { z } from 'zod';
import { NotificationSettingsBody, type NotificationSettings } from '../../../shared/contracts/notifications';
import type { CommunicationPreference } from '../../../shared/rules/statuses';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from '../../../shared/rules/notifications';

// Settings → Notifications' form: the contract's own body (NotificationSettingsBody, PUT, all of it), with the
// messages the server would give; what the server says of itself (`available`) is read only.

export const SettingsForm = NotificationSettingsBody;
export type SettingsInput = z.input<typeof SettingsForm>;
export type SettingsValues = z.output<typeof SettingsForm>;

/** The form's values: what is stored. A channel not set up keeps its stored choice, unseen, for when it is. */
export const startingValues = ({ switches, quietHours, detailed, communicationPreference }: NotificationSettings): SettingsInput => ({
  switches: { ...switches },
  quietHours: { ...quietHours },
  detailed: { ...detailed },
  communicationPreference,
});

/**
 * The channels whose detailed switch is shown: those this server can send through, and of e-mail and SMS only those
 * the profile's communication preference uses (the others would never carry a notification).
 */
export function channelsInUse({ available, communicationPreference }: Pick<NotificationSettings, 'available' | 'communicationPreference'>): NotificationChannel[] {
  const wanted: Record<NotificationChannel, boolean> = {
    email: communicationPreference === 'email' || communicationPreference === 'both',
    sms: communicationPreference === 'sms' || communicationPreference === 'both',
    ntfy: true,
    webhook: true,
  };
  return NOTIFICATION_CHANNELS.filter((channel) => available[channel] && wanted[channel]);
}

/** The communication preference's choices, in words. */
export const PREFERENCE_WORDS: Readonly<Record<CommunicationPreference, string>> = {
  email: 'E-mail',
  sms: 'Text message (SMS)',
  both: 'E-mail and text message (SMS)',
  none: 'Neither e-mail nor text message',
};

/** A refusal's field when the server names one of the form's, nested ones too ('quietHours.start: must be …'). */
export function refusedField(text: string): { path: string; message: string } | null {
  const match = /^((?:switches|quietHours|detailed)\.\w+|communicationPreference): (.+)$/.exec(text);
  return match ? { path: match[1]!, message: match[2]! } : null;
}
