import { DrizzleQueryError } from 'drizzle-orm';
import { HttpError, OutsideServiceError } from '../core/errors';
import { queryWithoutValues, textSafeToLog } from './log-text';

/** An error as the log holds it: what failed and where, never the values it was given. */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/** In place of a message that may quote what the patient sent or stored. */
export const MESSAGE_NOT_LOGGED = '(not logged: it may hold the patient’s data)';

/** How many causes deep (Drizzle → driver, HttpError → fetch → socket) and how many errors of an AggregateError. */
const MAX_DEPTH = 5;
const MAX_AGGREGATED = 5;

/**
 * The `err` serializer of every log line (buildApp installs it): an error reduced to what helps find a fault.
 *
 * What is kept is chosen by kind, because any message can quote values:
 * - A database error keeps its SQLSTATE `code`, `severity`, `routine` and the names of the schema, table, column,
 *   data type and constraint. Its `detail` ('Key (email)=(…) already exists'), `where`, `hint`, `internalQuery`,
 *   `query` and `params` are dropped, and so is its message unless its SQLSTATE class is one whose messages name
 *   objects, not values (see MESSAGE_NAMES_OBJECTS; 22xxx data errors quote the value they refused).
 * - Drizzle's DrizzleQueryError keeps the query's text with any literal replaced; its message ('Failed query: …
 *   params: …') and `params` are dropped. Its cause, the driver's error, follows as `cause`.
 * - Other errors keep their message only when their class is one whose messages this app's code and runtime write
 *   about their own state (KEEPS_MESSAGE): Error, TypeError, RangeError, ReferenceError, DOMException (aborts and
 *   timeouts), Fastify's own errors, and ours for the outside services, whose messages are written to be shown to
 *   the patient. Any other class (SyntaxError, whose JSON messages quote the text they could not read; zod's
 *   errors; a library's own error) keeps its class name, code and stack but not its message. A kept message is
 *   still passed through textSafeToLog: no URL, query string or network address, at most 500 characters.
 * - Only the fields listed in KEPT_FIELDS are copied from any error; an outside service's `reason` and `details`
 *   (a status, the start of its answer, never its key) are kept for an OutsideServiceError (n8n, the model, the
 *   call service: core/errors.ts), with their texts made safe the same way.
 * The stack keeps its `at …` frames and drops its first lines, which repeat the message.
 */
export function errorForLog(error: unknown): LoggedError {
  return describe(error, 0);
}

function describe(error: unknown, depth: number): LoggedError {
  if (!(error instanceof Error)) {
    // Something thrown that is not an Error (a string, an object): it is whatever the thrower put in it.
    return { type: error === null ? 'null' : typeof error, message: MESSAGE_NOT_LOGGED, stack: '' };
  }
  const logged: LoggedError = isDriverError(error)
    ? describeDriverError(error)
    : error instanceof DrizzleQueryError
      ? { type: 'DrizzleQueryError', message: 'Failed query', stack: '', query: queryWithoutValues(error.query) }
      : describeOtherError(error);
  logged.stack = stackFrames(error, logged.type, logged.message);
  if (error.cause !== undefined && depth < MAX_DEPTH) logged.cause = describe(error.cause, depth + 1);
  if (error instanceof AggregateError && depth < MAX_DEPTH) {
    logged.errors = (error.errors as unknown[]).slice(0, MAX_AGGREGATED).map((each) => describe(each, depth + 1));
  }
  return logged;
}

/** What pg and PGlite put on the error of a failed statement (both copy PostgreSQL's error fields). */
interface DriverError extends Error {
  code: string;
  severity: string;
}

function isDriverError(error: Error): error is DriverError {
  const { code, severity } = error as Partial<DriverError>;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
}

/** The PostgreSQL fields that name where a statement failed: objects of the schema, never a row's values. */
const DRIVER_FIELDS = ['code', 'severity', 'routine', 'schema', 'table', 'column', 'dataType', 'constraint'] as const;

/**
 * SQLSTATE classes whose messages PostgreSQL writes from object names and settings only: connection (08), feature
 * (0A), integrity (23: 'duplicate key value violates unique constraint "users_email_unique"', the values are in
 * `detail`), transaction state (25), authorization (28), catalog and schema (3D, 3F), rollback (40), syntax and
 * access (42), resources and limits (53, 54), object state (55), operator intervention (57), system (58).
 * Left out: 22 (data exceptions quote the value: 'invalid input syntax for type integer: "…"'), P0 (a RAISE
 * writes what it likes), XX and anything else.
 */
const MESSAGE_NAMES_OBJECTS = new Set(['08', '0A', '23', '25', '28', '3D', '3F', '40', '42', '53', '54', '55', '57', '58']);

function describeDriverError(error: DriverError): LoggedError {
  // PGlite's class is minified: one name for both drivers.
  const logged: LoggedError = { type: 'DatabaseError', message: MESSAGE_NOT_LOGGED, stack: '' };
  if (MESSAGE_NAMES_OBJECTS.has(error.code.slice(0, 2))) logged.message = textSafeToLog(error.message);
  for (const field of DRIVER_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string') logged[field] = value;
  }
  return logged;
}

/** Classes whose messages are written by this app or the runtime about their own state (see errorForLog). */
function keepsMessage(error: Error): boolean {
  const kind = error.constructor;
  if (kind === Error || kind === TypeError || kind === RangeError || kind === ReferenceError || kind === AggregateError) return true;
  if (kind === DOMException) return true;
  if (error instanceof HttpError) return true;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('FST_');
}

/** Fields copied from any error: codes and statuses, which identify a failure without quoting anything. */
const KEPT_FIELDS = ['code', 'statusCode', 'status', 'errno', 'syscall'] as const;

function describeOtherError(error: Error): LoggedError {
  const logged: LoggedError = {
    type: typeName(error),
    message: keepsMessage(error) ? textSafeToLog(error.message) : MESSAGE_NOT_LOGGED,
    stack: '',
  };
  for (const field of KEPT_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string') logged[field] = textSafeToLog(value);
    else if (typeof value === 'number') logged[field] = value;
  }
  if (error instanceof OutsideServiceError) {
    logged.reason = textSafeToLog(error.reason);
    logged.details = detailsForLog(error.details);
  }
  return logged;
}

/** An outside service's details (a status, a timeout, the start of its answer): plain values, texts made safe. */
export function detailsForLog(details: Record<string, unknown>): Record<string, unknown> {
  const safe: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(details)) {
    if (typeof value === 'string') safe[name] = textSafeToLog(value);
    else if (typeof value === 'number' || typeof value === 'boolean' || value === null) safe[name] = value;
  }
  return safe;
}

function typeName(error: Error): string {
  const name = error.constructor?.name;
  return typeof name === 'string' && name !== '' ? name : 'Error';
}

/**
 * The stack's `at …` frames under a first line of the type and the logged message. V8 writes the stack as
 * `${name}: ${message}` and then the frames; the message (several lines for Drizzle's) is cut off by its own text,
 * so a value shaped like a frame cannot pass. A stack that does not hold the message is not logged at all.
 */
function stackFrames(error: Error, type: string, message: string): string {
  const { stack } = error;
  if (typeof stack !== 'string') return '';
  const start = error.message === '' ? 0 : stack.indexOf(error.message);
  if (start < 0) return `${type}: ${message}`;
  const frames = stack
    .slice(start + error.message.length)
    .split('\n')
    .filter((line) => /^\s+at /.test(line));
  return [`${type}: ${message}`, ...frames].join('\n');
}
