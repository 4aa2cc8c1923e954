import type { CountryCode } from 'libphonenumber-js';
import { OutsideServiceError } from '../../core/errors';

/** What a confirmation call says: the appointment and who it is for, nothing else about the patient's health. */
export interface ConfirmationCall {
  /** The provider's phone in E.164 ('+12125550123'). */
  to: string;
  appointment: {
    id: number;
    type: string;
    /** 'yyyy-MM-dd' */
    date: string;
    /** 24-hour 'HH:mm', or a preference: morning, afternoon, evening, any. */
    time: string;
    providerName: string;
    patientName: string;
  };
}

/** What may be dialled, whatever the service: every call costs money and rings a stranger's phone if a number is wrong. */
export interface CallPolicy {
  /** A provider's phone written without a country code is read as a number of this country. */
  readonly country: CountryCode;
  /** Only numbers of these countries are dialled (CONFIRMATION_CALL_COUNTRIES; default: `country` alone). */
  readonly countries: readonly CountryCode[];
  /** Calls one patient's bookings may place in an hour (CONFIRMATION_CALL_LIMIT_PER_HOUR). */
  readonly limitPerHour: number;
}

/** The policy's settings as an adapter takes them: only the country is required. */
export type CallPolicySettings = Pick<CallPolicy, 'country'> & Partial<CallPolicy>;

export const DEFAULT_CALLS_PER_HOUR = 5;

export function callPolicy({ country, countries, limitPerHour }: CallPolicySettings): CallPolicy {
  return { country, countries: countries ?? [country], limitPerHour: limitPerHour ?? DEFAULT_CALLS_PER_HOUR };
}

/** A voice-call service behind a small adapter (twilio.ts, webhook.ts), chosen by the environment in index.ts. */
export interface ConfirmationCaller extends CallPolicy {
  /** Which service, for the log. */
  readonly service: 'twilio' | 'webhook';
  /** Places the call and answers the service's id for it; throws a ConfirmationCallError when it cannot. */
  place(call: ConfirmationCall): Promise<{ callId: string }>;
}

/**
 * A call that was not placed. `reason` is shown to the patient ('The call service answered 500'); `details` go to
 * the log only (a status, the service's own error code), never the key.
 */
export class ConfirmationCallError extends OutsideServiceError {
  constructor(reason: string, details: Record<string, unknown> = {}) {
    super(502, reason, details);
    this.name = 'ConfirmationCallError';
  }
}
