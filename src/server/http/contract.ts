import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifySchema, RouteOptions } from 'fastify';
import { z } from 'zod';
import { ErrorBody } from '../../shared/contracts/common';
import type { JsonList } from '../db/json-list';
import { isPublicRoute, type RouteSignIn } from './current-patient';
import { badRequest, describeZodError } from '../core/errors';
import { nestsDeeperThan, tooDeepMessage } from './json-depth';
import { WRITE_METHODS } from './paths';
import { compileSerializer } from './serializer';
import { findUnsafeInput } from './unsafe-input';

/**
 * Routes declare their contract with the zod schemas of src/shared/contracts (ADR 7): Fastify validates
 * params, query and body with them before a handler runs, and writes each response from the schema of its
 * status, so a field that the contract does not declare never leaves the server.
 */
export function registerContracts(app: FastifyInstance): void {
  refuseDeepJson(app);
  // A refusal is the API's one error shape, naming the first problem and its field (ADR 2).
  app.setValidatorCompiler<z.ZodType>(({ schema, httpPart }) => (data) => {
    const refusal = refusalBeforeContract(httpPart, data);
    if (refusal) return { error: badRequest(refusal) };
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: badRequest(describeZodError(result.error)) };
  });
  app.setSerializerCompiler<z.ZodType>(({ schema }) => compileSerializer(schema));
  app.addHook('onRoute', completeResponses);
}

export const NOT_AN_OBJECT = 'The request body must be a JSON object';

/**
 * What every route refuses before its own contract reads the input (ADR 13): a body that is not an object (every
 * body of the API is one, so no refinement meets null or an array), text no database column can hold as sent, and
 * nesting deeper than any route needs. Checked here, where params, query and every body (JSON, a chat's multipart
 * fields, an upload's) pass, so a route cannot forget it.
 */
function refusalBeforeContract(httpPart: string | undefined, data: unknown): string | null {
  // Fastify hands a missing body over as null, like a JSON null: neither is an object.
  if (httpPart === 'body' && (typeof data !== 'object' || data === null || Array.isArray(data))) return NOT_AN_OBJECT;
  const unsafe = findUnsafeInput(data);
  if (!unsafe) return null;
  const field = unsafe.path.map(String).join('.');
  return field ? `${field}: ${unsafe.problem}` : unsafe.problem;
}

/**
 * JSON bodies are read as Fastify reads them (its parser, refusing __proto__ and constructor keys), after a scan of
 * the text that refuses nesting deeper than MAX_JSON_DEPTH before anything is built from it. A route with a parser
 * of its own (the upload's) brings its own limit.
 */
function refuseDeepJson(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  addJsonParser(app, 'application/json');
}

/** The API's JSON parser for another JSON media type too (FHIR's `application/fhir+json`), in `app`'s scope. */
export function addJsonParser(app: FastifyInstance, contentType: string): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(contentType, { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string)) return done(badRequest(tooDeepMessage()), undefined);
    parseJson(request, body as string, done);
  });
}

/** What each refusal means, for the OpenAPI document. */
const ERROR_MEANINGS: Record<number, string> = {
  400: "Invalid input: the message names the field ('deductible: Deductible cannot be negative')",
  401: 'Not signed in: no open session and no valid access token, once sign-in is required (ADR 17)',
  403: 'A change sent from another web site (its Origin or Sec-Fetch-Site), an access token used where it may not be, or a change that needs fresh proof (ADR 21)',
  404: "Not found: the path or body names another user, or a row that is not the patient's",
  409: 'Conflicts with the current state',
  413: 'The body is too large',
  415: 'The body is not JSON, or the document is not a PDF, JPEG or PNG',
  421: 'The Host is not one this server answers to (ALLOWED_HOSTS)',
  429: 'Too many requests in a short time: wait a moment and try again',
  500: 'A fault on the server: the message names only the request id, which the log has with the details',
  502: 'An outside service (n8n, a language model) failed or gave an answer that cannot be used',
  503: 'The database is not answering',
  504: 'An outside service (n8n, a language model) did not answer in time',
};


/**
 * Every route's responses, completed in one place: the refusals all routes share are declared here rather than on
 * each route (so they are documented, and encoded as { message } like any other response), and each response
 * gets a description in the OpenAPI document. A route declares its own successes and its own refusals (409, 503).
 */
function completeResponses(route: RouteOptions): void {
  const schema: FastifySchema | undefined = route.schema;
  if (!schema || schema.hide) return;
  const writes = [route.method].flat().some((method) => WRITE_METHODS.has(method));
  const hasBody = writes && schema.body !== undefined;
  const validates = schema.params !== undefined || schema.querystring !== undefined || hasBody;
  // Routes anyone may call (current-patient.ts) need no session: the document says so route by route.
  const isPublic = isPublicRoute((route.config as { signIn?: RouteSignIn } | undefined)?.signIn);
  if (isPublic) schema.security = [];
  const shared = [
    ...(validates ? [400] : []),
    // A path or body can name another user, or a row that is not there.
    ...(schema.params !== undefined || hasBody ? [404] : []),
    ...(hasBody ? [413, 415] : []),
    // The request-origin guard answers these before any route runs (http/request-origin.ts).
    ...(writes || !isPublic ? [403] : []),
    ...(isPublic ? [] : [401]),
    421,
    500,
  ];
  const declared = { ...errorResponses(...shared), ...(schema.response as Record<string, unknown> | undefined) };
  schema.response = Object.fromEntries(Object.entries(declared).map(([status, response]) => [status, withMeaning(Number(status), response)]));
  route.schema = schema;
}

/** A JSON response with its meaning; one without a body (204) stays as it is. */
function withMeaning(status: number, response: unknown): unknown {
  if (!(response instanceof z.ZodType) || response instanceof z.ZodNull) return response;
  const description = ERROR_MEANINGS[status] ?? STATUS_CODES[status] ?? String(status);
  return { description, content: { 'application/json': { schema: response } } };
}

/** Responses with the API's error shape, for the statuses a route answers with beyond the shared ones. */
export function errorResponses<Status extends number>(...statuses: Status[]): Record<Status, typeof ErrorBody> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBody])) as Record<Status, typeof ErrorBody>;
}

/**
 * Sends a list that PostgreSQL wrote from the route's own row contract (db/json-list.ts) as it is: it already is
 * the JSON that the response schema describes, so it is not parsed and written again.
 */
export function sendList<Row>(reply: FastifyReply, json: JsonList<Row>): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
