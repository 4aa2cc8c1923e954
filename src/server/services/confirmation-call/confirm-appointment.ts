import { and, count, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { appointments, confirmationCalls, providers, users } from '../../db/schema/index';
import { notifyCallFailed } from '../notifications/events';
import { countryOfE164, toE164 } from './e164';
import { ConfirmationCallError, type ConfirmationCaller } from './types';

type AppointmentRow = typeof appointments.$inferSelect;
type CallOutcome = Pick<AppointmentRow, 'confirmationCallStatus' | 'confirmationCallId' | 'confirmationCallError'>;

/**
 * Calls the provider of a stored appointment to confirm it (issue 12) and records how that went on the appointment:
 * `placed` with the service's call id, or `failed` with a reason the patient can read (the details are logged).
 * Runs after the appointment committed and in a statement of its own: nothing here can lose or roll it back, and
 * a fault here still answers the appointment, so the patient does not book it twice.
 */
export async function confirmByCall(
  db: Database,
  caller: ConfirmationCaller,
  appointment: AppointmentRow,
  log: FastifyBaseLogger,
): Promise<AppointmentRow> {
  try {
    const calledAt = new Date();
    const outcome = await callProvider(db, caller, appointment, log.child({ appointmentId: appointment.id, callService: caller.service }));
    const [updated] = await db.update(appointments).set(outcome).where(eq(appointments.id, appointment.id)).returning();
    if (outcome.confirmationCallStatus === 'failed') await tellOfFailedCall(db, appointment, calledAt, log);
    return updated ?? appointment;
  } catch (error) {
    log.error({ err: error, appointmentId: appointment.id }, 'the confirmation call’s outcome could not be recorded');
    return appointment;
  }
}

/** A failed call is shown in the app's notifications (issue 33); a fault there leaves the recorded outcome as it is. */
async function tellOfFailedCall(db: Database, appointment: AppointmentRow, calledAt: Date, log: FastifyBaseLogger): Promise<void> {
  try {
    await notifyCallFailed(db, appointment, calledAt);
  } catch (error) {
    log.error({ err: error, appointmentId: appointment.id }, 'the failed confirmation call’s notification could not be written');
  }
}

async function callProvider(db: Database, caller: ConfirmationCaller, appointment: AppointmentRow, log: FastifyBaseLogger): Promise<CallOutcome> {
  // Everything from here on ends as placed or failed: a call that never ran must not read as 'none' (not configured).
  try {
    const [who] = await db
      .select({ phone: providers.phone, providerName: providers.name, patientName: users.displayName })
      .from(providers)
      .innerJoin(users, eq(users.id, appointment.userId))
      .where(eq(providers.id, appointment.providerId));
    if (!who) throw new Error(`appointment ${appointment.id}: its provider or patient is missing`);
    if (who.phone === null) throw new ConfirmationCallError('The provider has no phone number');
    const to = toE164(who.phone, caller.country);
    if (to === null) throw new ConfirmationCallError('The provider’s phone number cannot be dialled', { country: caller.country });
    const country = countryOfE164(to);
    if (country === null || !caller.countries.includes(country)) {
      throw new ConfirmationCallError(`The provider’s number is in ${country ?? 'a shared international range'}, where this app places no calls`, {
        country,
      });
    }
    await countCall(db, appointment.userId, caller.limitPerHour);
    const { id, appointmentType: type, appointmentDate: date, appointmentTime: time } = appointment;
    const { callId } = await caller.place({ to, appointment: { id, type, date, time, providerName: who.providerName, patientName: who.patientName } });
    log.info({ callId }, 'confirmation call placed');
    return { confirmationCallStatus: 'placed', confirmationCallId: callId, confirmationCallError: null };
  } catch (error) {
    if (!(error instanceof ConfirmationCallError)) {
      log.error({ err: error }, 'confirmation call failed');
      return failed('The call could not be placed');
    }
    log.warn({ reason: error.reason, ...error.details }, 'confirmation call failed');
    return failed(error.reason);
  }
}

/**
 * Counts a call against the patient's hourly limit before it is handed to the service, or refuses it. The patient's
 * row is locked while the last hour's calls are counted and this one is added, so bookings sent at once (to one
 * process or several on one PostgreSQL) count one by one. Older rows are pruned on the way.
 */
async function countCall(db: Database, userId: number, limitPerHour: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await tx.delete(confirmationCalls).where(and(eq(confirmationCalls.userId, userId), lt(confirmationCalls.createdAt, sql`now() - interval '1 hour'`)));
    const [row] = await tx.select({ placed: count() }).from(confirmationCalls).where(eq(confirmationCalls.userId, userId));
    if ((row?.placed ?? 0) >= limitPerHour) {
      throw new ConfirmationCallError(
        `This app places at most ${limitPerHour} confirmation ${limitPerHour === 1 ? 'call' : 'calls'} an hour: please call the provider to confirm`,
        { limitPerHour },
      );
    }
    await tx.insert(confirmationCalls).values({ userId });
  });
}

function failed(reason: string): CallOutcome {
  return { confirmationCallStatus: 'failed', confirmationCallId: null, confirmationCallError: reason };
}
