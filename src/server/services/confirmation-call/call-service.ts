import { requestOutsideService, type OutsideService, type ServiceAnswer } from '../outside-request';
import { ConfirmationCallError } from './types';

export type { ServiceAnswer };

/** The call service's failures: 'The call service answered 500', always a ConfirmationCallError. */
const CALL_SERVICE: OutsideService = {
  name: 'The call service',
  failure: (_status, reason, details) => new ConfirmationCallError(reason, details),
};

/**
 * One request to a call service, within `timeoutMs` (the answer's body included). Whatever goes wrong becomes a
 * ConfirmationCallError with a short reason for the patient: no answer in time, no connection, or a status other
 * than 2xx (its first characters go to the log, to see why).
 */
export function requestCallService(url: string, init: RequestInit, timeoutMs: number): Promise<ServiceAnswer> {
  return requestOutsideService(CALL_SERVICE, url, init, timeoutMs);
}

/** The call's id in the service's answer, or the failure that a 2xx without one is. */
export function callIdIn(answer: ServiceAnswer, field: string): string {
  const id = answer?.[field];
  if (typeof id === 'string' && id !== '') return id;
  throw new ConfirmationCallError('The call service answered without a call id', { field });
}
