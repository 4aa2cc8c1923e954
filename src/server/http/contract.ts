import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ErrorBody } from '../../shared/contracts/common';
import { badRequest, describeZodError } from './errors';

/**
 * Routes declare their contract with the zod schemas of src/shared/contracts (ADR 6): Fastify validates
 * params, query and body with them before a handler runs, and encodes each response with the schema of its
 * status, so a field that the contract does not declare never leaves the server.
 */
export function registerContracts(app: FastifyInstance): void {
  // A refusal is the API's one error shape, naming the first problem and its field (ADR 2).
  app.setValidatorCompiler<z.ZodType>(({ schema, httpPart }) => (data) => {
    // Fastify hands a missing body over as null; it is refused as missing, as a JSON null would be.
    const result = schema.safeParse(httpPart === 'body' && data === null ? undefined : data);
    return result.success ? { value: result.data } : { error: badRequest(describeZodError(result.error)) };
  });
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', declareErrorResponses);
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The refusals every route shares are declared here, once, rather than on each route: they are documented in
 * the OpenAPI document and encoded as { message } like any other response. A route adds its own (409, 503).
 */
function declareErrorResponses(route: RouteOptions): void {
  const schema: FastifySchema | undefined = route.schema;
  if (!schema || schema.hide) return;
  const methods = [route.method].flat();
  const hasBody = methods.some((method) => WRITE_METHODS.has(method)) && schema.body !== undefined;
  const validates = schema.params !== undefined || schema.querystring !== undefined || hasBody;
  const statuses = [
    ...(validates ? [400] : []),
    // A path or body can name another user's id, or a row that is not there.
    ...(schema.params !== undefined || hasBody ? [404] : []),
    ...(hasBody ? [413, 415] : []),
    500,
  ];
  schema.response = { ...errorResponses(...statuses), ...(schema.response as object | undefined) };
  route.schema = schema;
}

/** Responses with the API's error shape, for the statuses a route answers with beyond the shared ones. */
export function errorResponses<Status extends number>(...statuses: Status[]): Record<Status, typeof ErrorBody> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBody])) as Record<Status, typeof ErrorBody>;
}
