import { asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { Provider, type ProviderFields, type UpdateProviderBody } from '../../shared/contracts/appointments';
import type { Database } from '../db/client';
import { jsonList } from '../db/json-list';
import { appointments, providers } from '../db/schema/index';
import { sqlState, violatedConstraint } from '../db/sql-state';
import { foundOr404, ownRow, ownRows, type Patient } from '../core/patient';
import { conflict } from '../core/errors';

type NewProvider = z.output<typeof ProviderFields>;
type ProviderChanges = z.output<typeof UpdateProviderBody>;

/** The key by which an appointment names its provider; ON DELETE RESTRICT, so a named provider stays. */
const APPOINTMENT_PROVIDER_KEY = 'appointments_provider_id_providers_id_fk';

const providersByName = jsonList(providers, Provider, [asc(providers.name), asc(providers.id)]);

export function listProviders(db: Database, patient: Patient) {
  return providersByName.read(db, ownRows(providers, patient));
}

export async function createProvider(db: Database, patient: Patient, fields: NewProvider) {
  const [provider] = await db
    .insert(providers)
    .values({ ...fields, userId: patient.id })
    .returning();
  if (!provider) throw new Error('insert returned no row');
  return provider;
}

export async function updateProvider(db: Database, patient: Patient, id: number, changes: ProviderChanges) {
  return foundOr404(await db.update(providers).set(changes).where(ownRow(providers, patient, id)).returning(), 'Provider');
}

/**
 * Removes a provider no appointment names. Appointments of any status keep their provider (a cancelled or completed
 * one still says who it was with), so while one names it the provider stays: 409.
 */
export async function deleteProvider(db: Database, patient: Patient, id: number) {
  try {
    await db.transaction(async (tx) => {
      // Locked until the transaction ends: an appointment being booked with this provider meanwhile waits for it,
      // and one booked just before is counted below.
      foundOr404(await tx.select({ id: providers.id }).from(providers).where(ownRow(providers, patient, id)).for('update'), 'Provider');
      const [named] = await tx.select({ count: count() }).from(appointments).where(eq(appointments.providerId, id));
      if (named && named.count > 0) throw conflict(namedByAppointments(named.count));
      await tx.delete(providers).where(ownRow(providers, patient, id));
    });
  } catch (error) {
    // Should an appointment still slip in between the count and the delete, the key refuses it: the same 409.
    if (isNamedByAppointment(error)) throw conflict(namedByAppointments(null));
    throw error;
  }
}

function namedByAppointments(appointmentCount: number | null): string {
  const named =
    appointmentCount === null ? 'an appointment' : `${appointmentCount} ${appointmentCount === 1 ? 'appointment' : 'appointments'}`;
  return `This provider is named by ${named} and cannot be removed`;
}

/** The restrict key's refusal: PostgreSQL 18 (and PGlite) reports restrict_violation 23001, older servers 23503. */
function isNamedByAppointment(error: unknown): boolean {
  const state = sqlState(error);
  return (state === '23001' || state === '23503') && violatedConstraint(error) === APPOINTMENT_PROVIDER_KEY;
}
