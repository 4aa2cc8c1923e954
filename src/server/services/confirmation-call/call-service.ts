import { ConfirmationCallError } from './types';

/** What a call service answered with a 2xx: its JSON body, or null when the body was not JSON. */
export type ServiceAnswer = Record<string, unknown> | null;

/**
 * One request to a call service, within `timeoutMs` (the answer's body included). Whatever goes wrong becomes a
 * ConfirmationCallError with a short reason for the patient: no answer in time, no connection, or a status other
 * than 2xx (its first characters go to the log, to see why).
 */
export async function requestCallService(url: string, init: RequestInit, timeoutMs: number): Promise<ServiceAnswer> {
  try {
    // Not following redirects keeps the key with the one address that was configured.
    const response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    if (!response.ok) {
      throw new ConfirmationCallError(`The call service answered ${response.status}`, { status: response.status, answer: text.slice(0, 300) });
    }
    return parseObject(text);
  } catch (error) {
    if (error instanceof ConfirmationCallError) throw error;
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new ConfirmationCallError('The call service did not answer in time', { timeoutMs });
    }
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    throw new ConfirmationCallError('The call service could not be reached', { error: String(cause) });
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

/** The call's id in the service's answer, or the failure that a 2xx without one is. */
export function callIdIn(answer: ServiceAnswer, field: string): string {
  const id = answer?.[field];
  if (typeof id === 'string' && id !== '') return id;
  throw new ConfirmationCallError('The call service answered without a call id', { field });
}
