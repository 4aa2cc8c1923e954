import type { FastifyInstance } from 'fastify';
import { CURRENT_USER_ID } from '../../shared/rules/patient';
import { notFound } from './errors';

/** Who the request acts for. Services receive it and reach only this patient's rows. */
export interface Patient {
  readonly id: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    patient: Patient;
  }
  interface FastifyContextConfig {
    /** The path parameter that names a user, where it is not `userId` (`/users/:id`). */
    userParam?: string;
  }
}

/**
 * The one place on the server that decides who the patient is: today the spec's user 1; sign-in, later,
 * changes this hook. After validation, a path or body naming another user gets the same 404 as a user that
 * does not exist, before any handler runs.
 */
export function registerCurrentPatient(app: FastifyInstance): void {
  app.decorateRequest('patient', null as unknown as Patient);
  app.addHook('onRequest', async (request) => {
    request.patient = { id: CURRENT_USER_ID };
  });
  app.addHook('preHandler', async (request) => {
    const named = [field(request.params, request.routeOptions.config.userParam ?? 'userId'), field(request.body, 'userId')];
    if (named.some((userId) => userId !== undefined && userId !== request.patient.id)) throw notFound('User not found');
  });
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null && name in value ? (value as Record<string, unknown>)[name] : undefined;
}
