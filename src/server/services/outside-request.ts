import { OutsideServiceError } from '../core/errors';

/** What an outside service answered with a 2xx: its JSON body, or null when the body was not JSON. */
export type ServiceAnswer = Record<string, unknown> | null;

/**
 * How one outside service's failures are told: its name, as each reason begins ('The call service', 'ntfy'), and the
 * error its adapter throws (a ConfirmationCallError, a NotificationChannelError).
 */
export interface OutsideService {
  name: string;
  failure(status: 502 | 504, reason: string, details: Record<string, unknown>): OutsideServiceError;
}

/**
 * One request to an outside service (the call service, a notification channel), within `timeoutMs` (the answer's
 * body included). Whatever goes wrong becomes the service's failure with a short reason that names the service and
 * never its address or key: no answer in time, no connection, or a status other than 2xx (its first characters go to
 * the details, for the log only, to see why).
 */
export async function requestOutsideService(service: OutsideService, url: string, init: RequestInit, timeoutMs: number): Promise<ServiceAnswer> {
  try {
    // Not following redirects keeps the key with the one address that was configured.
    const response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    if (!response.ok) {
      throw service.failure(502, `${service.name} answered ${response.status}`, { status: response.status, answer: text.slice(0, 300) });
    }
    return parseObject(text);
  } catch (error) {
    if (error instanceof OutsideServiceError) throw error;
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw service.failure(504, `${service.name} did not answer in time`, { timeoutMs });
    }
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    throw service.failure(502, `${service.name} could not be reached`, { error: String(cause) });
  }
}

function parseObject(text: string): ServiceAnswer {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
