import { eq } from 'drizzle-orm';
import { describeDevice } from '../../../shared/rules/describe-device';
import { backupFailedWords, confirmationCallFailedWords, newSignInWords } from '../../../shared/rules/notification-text';
import type { Database } from '../../db/client';
import { providers } from '../../db/schema/index';
import type { Patient } from '../../core/patient';
import { patientToday } from '../users';
import { writeNotification } from './write-notification';

// The notifications written when something happens (issue 33), not computed by the scheduler: a confirmation call
// that failed, a backup that failed, a sign-in from a browser never seen before. Each is written once per
// (kind, subject, occurrence), and not at all when its switch is off.

/** A confirmation call to the appointment's provider failed: once per call, at the time it was tried. */
export async function notifyCallFailed(db: Database, appointment: { id: number; userId: number; providerId: number }, at: Date): Promise<void> {
  const [provider] = await db.select({ name: providers.name }).from(providers).where(eq(providers.id, appointment.providerId));
  await writeNotification(db, { id: appointment.userId }, {
    kind: 'confirmation-call-failed',
    subject: `appointment:${appointment.id}`,
    occurrence: at.toISOString(),
    ...confirmationCallFailedWords(provider?.name ?? 'the provider'),
    at,
  });
}

/** The daily backup failed: once a day on the patient's clock, however often it is tried again that day. */
export async function notifyBackupFailed(db: Database, patient: Patient, at: Date): Promise<void> {
  await writeNotification(db, patient, {
    kind: 'backup-failed',
    subject: 'backup',
    occurrence: await patientToday(db, patient, at),
    ...backupFailedWords(),
    at,
  });
}

export interface NewSignIn {
  /** The device's own id (its row in sign_in_devices), never the cookie. */
  deviceId: string;
  /** The browser's User-Agent, named in words ('Chrome on Linux'); never its address. */
  userAgent: string | null;
  at: Date;
}

/** A sign-in from a browser this account had never seen: once per device and sign-in. */
export async function notifyNewSignIn(db: Database, patient: Patient, { deviceId, userAgent, at }: NewSignIn): Promise<void> {
  await writeNotification(db, patient, {
    kind: 'new-sign-in',
    subject: `device:${deviceId}`,
    occurrence: at.toISOString(),
    ...newSignInWords(describeDevice(userAgent)),
    at,
  });
}
