import type { z } from 'zod';

/** An error whose message is safe to show the client, with the HTTP status it maps to. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 504,
    message: string,
    /** A 429's wait, sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
/** Not signed in (ADR 17): the message says what to do, never which part of a secret was wrong. */
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const unsupportedMediaType = (message: string) => new HttpError(415, message);
export const tooManyRequests = (message: string, retryAfterSeconds?: number) => new HttpError(429, message, retryAfterSeconds);
/** An outside service (n8n, a language model) failed or answered nonsense: the message says which, never how to reach it. */
export const badGateway = (message: string) => new HttpError(502, message);

/**
 * An outside service (n8n, a language model, the call service) did not do its part: 504 when it stayed silent for
 * its time limit, 502 for anything else. It is an HttpError like every refusal, so whatever reaches the error handler
 * or a reply already streaming is answered the one way: `reason` is what the patient reads ('n8n answered 500'),
 * never the service's address or key; `details` (a status, the start of its answer) and `cause` go to the log only.
 * Each adapter names its failures with a subclass (N8nError, LanguageModelError, ConfirmationCallError).
 */
export class OutsideServiceError extends HttpError {
  constructor(
    status: 502 | 504,
    readonly reason: string,
    readonly details: Record<string, unknown> = {},
    options?: { cause: unknown },
  ) {
    super(status, reason);
    if (options) this.cause = options.cause;
    this.name = 'OutsideServiceError';
  }
}

/** 'deductible: Deductible cannot be negative' — the first problem, naming its field. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}
