import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { registerApiDocs } from './api-docs';
import type { RouteSignIn } from './current-patient';
import { PLAIN_COOKIE_NAME, SECURE_COOKIE_NAME } from './session-cookie';

export const OPENAPI_PATH = '/api/openapi.json';

/** The extension that marks an operation a personal access token may not call; its value is always 'refused'. */
export const TOKEN_EXTENSION = 'x-healthassist-token';
const TOKEN_REFUSED = 'A personal access token is refused here (403): only a browser signed in, or the open app, may call it.';

/**
 * Settings → Security ('browser' routes, current-patient.ts) answers a token 403 whatever it is: the document says so
 * operation by operation, as the cookie scheme alone, an extension a client can read, and a sentence for a person.
 */
function documentTokenRefusal(route: RouteOptions): void {
  const schema = route.schema;
  if (!schema || schema.hide || (route.config as { signIn?: RouteSignIn } | undefined)?.signIn !== 'browser') return;
  const description = [(schema as { description?: string }).description, TOKEN_REFUSED].filter(Boolean).join(' ');
  route.schema = { ...schema, security: [{ sessionCookie: [] }], description, [TOKEN_EXTENSION]: 'refused' } as typeof schema;
}

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
          'The JSON API of one HealthAssist server. Once a passkey or passphrase exists (or the server is reachable ' +
          'beyond this machine), every operation but the few marked otherwise needs a session cookie (from signing in) ' +
          'or a personal access token (Settings → Security) as "Authorization: Bearer ha_pat_…"; without one it answers ' +
          '401. The patient is the signed-in one: a path or body naming another user, or a row of another user, answers ' +
          '404. Every error is { "message" }.',
      },
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: PLAIN_COOKIE_NAME, description: `${SECURE_COOKIE_NAME} on https` },
          accessToken: { type: 'http', scheme: 'bearer', description: "A personal access token, 'ha_pat_…'" },
        },
      },
      security: [{ sessionCookie: [] }, { accessToken: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.addHook('onRoute', documentTokenRefusal);
  // The document and its page describe the API, not the patient: anyone may read them.
  app.get(OPENAPI_PATH, { schema: { hide: true }, config: { signIn: 'public' } }, async () => app.swagger());
  // The same document as a page to read, at /api/docs.
  registerApiDocs(app, OPENAPI_PATH);
}
