import { eq } from 'drizzle-orm';
import type { Patient } from '../../core/patient';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import { getsReminders, planReminders } from './planner';

/**
 * Computes one patient's reminders right after a change to their appointments or medications, so a reminder that is
 * due at once (an appointment booked for tomorrow morning) is written before the answer leaves and the bell shows it;
 * the scheduler's minute would find it anyway. The demo's notifications are seeded, never computed (planner.ts); a
 * patient who has died gets none.
 */
export async function replanReminders(db: Database, patient: Patient, now: Date = new Date()): Promise<void> {
  const [user] = await db.select({ isDemo: users.isDemo, deceased: users.deceased }).from(users).where(eq(users.id, patient.id));
  if (!user || !getsReminders(user)) return;
  await planReminders(db, patient, { since: null, now });
}
