import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { replanReminders } from '../services/notifications/replan';
import { WRITE_METHODS } from './paths';

/**
 * For the routes of a scope whose writes change what reminders are due (appointments, medications): after a write
 * that succeeded, the patient's reminders are computed before the answer leaves. A failure there is logged and the
 * write's answer stands: the scheduler's next minute computes them again.
 */
export function replanRemindersAfterWrites(app: FastifyInstance, db: Database): void {
  app.addHook('onSend', async (request, reply) => {
    if (!WRITE_METHODS.has(request.method) || reply.statusCode >= 400 || !request.patient) return;
    await replanReminders(db, request.patient).catch((error: unknown) =>
      request.log.error({ err: error }, 'could not compute reminders after a change; the next minute will'),
    );
  });
}
