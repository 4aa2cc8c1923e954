import { wordsOfErrorBody } from './error-body';

/** A refusal's words split at the field they name: 'deductibleMet: Deductible met cannot exceed the deductible'. */
export interface FieldRefusal {
  field: string;
  message: string;
}

/** A field name the server's validation message starts with (ADR 2); a nested path ('personalInfo.email') is no form's field. */
const NAMED_FIELD = /^(\w+): (.+)$/;

/**
 * A non-ok answer from the API. Its message is what part 1 §7 (docs/product.md#part-1-7) specifies, '{status}: {body text or status text}'; the
 * parts are read once, here, so that nothing has to take the message apart again.
 */
export class ApiError extends Error {
  /**
   * The server's own words: the `message` of its JSON body, else a short plain body (the status text); a page of a
   * proxy in front (nginx's HTML 413) becomes a plain sentence of its status (error-body.ts).
   */
  readonly text: string;
  /** The form field the words name, when they start with one, and what they say of it. */
  readonly field: FieldRefusal | null;

  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
    this.text = wordsOfErrorBody(status, body);
    const named = NAMED_FIELD.exec(this.text);
    this.field = named ? { field: named[1]!, message: named[2]! } : null;
  }
}

/**
 * The one way the browser talks to the server: JSON in and out, cookies included; a Blob body (a backup to restore)
 * goes as it is, under its own type. A non-ok response becomes an ApiError.
 */
export async function apiRequest<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const contentType = body instanceof Blob ? body.type : 'application/json';
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': contentType },
    body: body === undefined ? undefined : body instanceof Blob ? body : JSON.stringify(body),
  });
  await throwUnlessOk(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** Throws the ApiError of a non-ok response; the other readers of the API's answers (a streamed reply) use it too. */
export async function throwUnlessOk(response: Response): Promise<void> {
  if (response.ok) return;
  throw new ApiError(response.status, (await response.text()) || response.statusText);
}

/** The server's own words from an ApiError ('Maximum file size is 20MB'); any other error's message (a network failure's). */
export function serverMessage(error: unknown): string {
  if (error instanceof ApiError) return error.text;
  return error instanceof Error ? error.message : String(error);
}

/** The HTTP status of an ApiError (401), or null for any other error. */
export function statusOf(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}
