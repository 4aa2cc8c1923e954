import { asc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../db/client';
import {
  activities,
  allergies,
  appointments,
  chatMessages,
  chatSessions,
  conditions,
  immunizations,
  insuranceBenefits,
  insurancePlans,
  medicalRecords,
  medicationDoses,
  medications,
  notificationSettings,
  observations,
  preventativeCare,
  providers,
  users,
} from '../db/schema/index';
import { ownRows, type Patient } from '../core/patient';
import { ArchiveData, type ArchiveTable } from './format';

/** Each archive table's database table, with the column that makes a row the patient's. */
export const ARCHIVE_SOURCES = {
  conditions: { table: conditions, owner: conditions.userId },
  allergies: { table: allergies, owner: allergies.userId },
  immunizations: { table: immunizations, owner: immunizations.userId },
  providers: { table: providers, owner: providers.userId },
  medications: { table: medications, owner: medications.userId },
  medicationDoses: { table: medicationDoses, owner: medicationDoses.userId },
  insurancePlans: { table: insurancePlans, owner: insurancePlans.userId },
  insuranceBenefits: { table: insuranceBenefits, owner: null },
  preventativeCare: { table: preventativeCare, owner: preventativeCare.userId },
  appointments: { table: appointments, owner: appointments.userId },
  medicalRecords: { table: medicalRecords, owner: medicalRecords.userId },
  observations: { table: observations, owner: observations.userId },
  activities: { table: activities, owner: activities.userId },
  chatSessions: { table: chatSessions, owner: chatSessions.userId },
  chatMessages: { table: chatMessages, owner: chatMessages.userId },
} satisfies Record<ArchiveTable, { table: PgTable & { id: PgColumn }; owner: PgColumn | null }>;

/** The patient's rows as the archive writes them (Dates still Dates), medical records without their file's path yet. */
export type PatientRows = Omit<z.output<typeof ArchiveData>, 'format' | 'version' | 'exportedAt' | 'medicalRecords'> & {
  medicalRecords: Omit<ArchiveData['medicalRecords'][number], 'document'>[];
};

/** The fields of `row` that `schema` names, and no others (the patient's id, a passphrase hash). */
function pick<Shape extends Record<string, unknown>>(row: Record<string, unknown>, shape: Shape): { [Key in keyof Shape]: unknown } {
  return Object.fromEntries(Object.keys(shape).filter((key) => key in row).map((key) => [key, row[key]])) as { [Key in keyof Shape]: unknown };
}

const shapes = ArchiveData.shape;

/**
 * Every row of the patient, read in one repeatable-read transaction, one snapshot, so that the rows agree with one
 * another (a benefit's plan, an appointment's provider), in id order. Null when there is no patient yet.
 */
export async function readPatientRows(db: Database, patient: Patient): Promise<PatientRows | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, patient.id));
    if (!user) return null;
    const rowsOf = async <Table extends ArchiveTable>(name: Table) => {
      const { table, owner } = ARCHIVE_SOURCES[name];
      const element = shapes[name].element.shape;
      const query =
        owner === null
          ? // A benefit is its plan's: the plan's owner is the patient.
            tx
              .select({ row: insuranceBenefits })
              .from(insuranceBenefits)
              .innerJoin(insurancePlans, eq(insurancePlans.id, insuranceBenefits.insuranceId))
              .where(ownRows(insurancePlans, patient))
              .orderBy(asc(insuranceBenefits.id))
              .then((rows) => rows.map(({ row }) => row as Record<string, unknown>))
          : tx
              .select()
              .from(table as PgTable)
              .where(eq(owner, patient.id))
              .orderBy(asc(table.id))
              .then((rows) => rows as Record<string, unknown>[]);
      return (await query).map((row) => pick(row, element));
    };
    // Whether the record is the demo is the install's to know, never an archive's (ADR 21).
    const { isDemo: _notWritten, ...profile } = user;
    const [settings] = await tx.select().from(notificationSettings).where(eq(notificationSettings.userId, patient.id));
    const rows: Record<string, unknown> = {
      patient: pick(profile, shapes.patient.shape),
      // No row: every default, as the app reads it.
      notificationSettings: settings ? pick(settings, shapes.notificationSettings.unwrap().shape) : null,
    };
    for (const name of Object.keys(ARCHIVE_SOURCES) as ArchiveTable[]) rows[name] = await rowsOf(name);
    return rows as PatientRows;
  }, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
