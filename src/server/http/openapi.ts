import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { registerApiDocs } from './api-docs';

export const OPENAPI_PATH = '/api/openapi.json';

/**
 * The OpenAPI 3.1 document, generated from the zod schemas every route declares (the same ones that validate and
 * encode), so it cannot drift from what the server does. Register before the routes: it collects them as they
 * are added. Schemas with a `meta({ id })` become components.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'HealthAssist API',
        version: '1',
        description:
          'The JSON API of one HealthAssist server. The patient is user 1 (no sign-in yet): a path or body naming another ' +
          'user, or a row of another user, answers 404. Every error is { "message" }.',
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  // The same document as a page to read, at /api/docs.
  registerApiDocs(app, OPENAPI_PATH);
}
