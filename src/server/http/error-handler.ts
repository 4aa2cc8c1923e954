import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { documentMessages } from '../../shared/rules/documents';
import { sqlState } from '../db/sql-state';
import { HttpError } from '../core/errors';

/**
 * One error shape for the whole API: { message }. Client errors say what was wrong; a 5xx is logged
 * with its request id and answered with a message that reveals nothing of the internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | Error, request, reply) => {
    if (error instanceof HttpError) {
      // An outside service failed (n8n, a language model): not our fault, but someone running the app wants to know.
      if (error.statusCode >= 500) request.log.warn({ err: error }, 'an outside service failed');
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({ message: error.message });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const message = request.url.startsWith('/api/medical-records') ? documentMessages.tooLarge : 'Request body is too large';
      return reply.status(413).send({ message });
    }
    if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      // The FHIR import takes FHIR's own JSON type too: the message names both, as a FHIR client sends the first.
      const message = request.url.startsWith('/api/import/fhir') ? 'Send the Bundle as application/fhir+json or application/json' : 'Send the request body as application/json';
      return reply.status(415).send({ message });
    }
    if (fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply.status(400).send({ message: 'The request body is not valid JSON' });
    }
    if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
      return reply.status(400).send({ message: 'The request body is not valid JSON' });
    }
    // A constraint caught what validation let through (a race between two requests, say): still the client's.
    const state = sqlState(error);
    if (state === '23505') return reply.status(409).send({ message: 'That conflicts with data that already exists' });
    if (state === '23503') return reply.status(409).send({ message: 'That refers to something that does not exist' });
    // A delete that an ON DELETE RESTRICT key refuses: PostgreSQL 18 (PGlite) reports 23001 where 15 reports 23503.
    if (state === '23001') return reply.status(409).send({ message: 'That is still used by other data' });
    // Text PostgreSQL cannot hold (U+0000): the contract refuses it first (http/unsafe-input.ts); this is its backstop.
    if (state === '22021') return reply.status(400).send({ message: 'Text must not contain the character U+0000 (NUL)' });
    if (state === '23514' || state === '22P02' || state === '22003') {
      return reply.status(400).send({ message: 'A value is outside what is allowed' });
    }
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send({ message: error.message });

    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: `Something went wrong on our side (request ${request.id})` });
  });
}

/**
 * What Fastify answers itself before any route or error handler runs (its frameworkErrors option), in the API's one
 * shape and without echoing the URL: a path whose percent-escapes are not UTF-8 ('/api/users/%ED%A0%80'), a path
 * part longer than the router takes.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    reply.status(400).send({ message: 'The URL is not valid: a percent-escape in its path is not UTF-8 text' });
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(414).send({ message: 'A part of the URL path is too long' });
  } else {
    request.log.error({ err: error }, 'request failed before routing');
    reply.status(500).send({ message: `Something went wrong on our side (request ${request.id})` });
  }
}
