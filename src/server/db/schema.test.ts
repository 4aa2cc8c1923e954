import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_TYPES } from '../../shared/rules/activities';
import { MAX_DOCUMENT_BYTES } from '../../shared/rules/documents';
import { DOSE_STATUSES, MEDICATION_FORMS, SCHEDULE_KINDS, type MedicationSchedule } from '../../shared/rules/medications';
import { APPOINTMENT_STATUSES, ICON_TYPES, STORED_CARE_STATUSES } from '../../shared/rules/statuses';
import {
  createActivity,
  createAllergy,
  createAppointment,
  createBenefit,
  createCareItem,
  createChatMessage,
  createCondition,
  createDose,
  createImmunization,
  createObservation,
  createInsurancePlan,
  createMedicalRecord,
  createMedication,
  createProvider,
  createUser,
} from '../../testing/factories';
import { DOCUMENT_CHUNK_BYTES, medicalRecordChunks, medicalRecords, preventativeCare, providers } from './schema/index';
import { db, userId, useSchemaTestDatabase } from '../../testing/schema-fixtures';
import { sqlState, violatedConstraint } from './sql-state';

// The database's own rules, written straight through Drizzle: they hold even for a write that skips the
// contracts (a bug, a script, a race between two requests), and must hold the same on PGlite and PostgreSQL.
// What a delete takes with it: schema-deletes.test.ts.

useSchemaTestDatabase();

const NO_SUCH_ID = 4242;

/** Runs a write the database must refuse, and returns the SQLSTATE and constraint it reported. */
async function refusal(write: () => Promise<unknown>) {
  const error = await write().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (error === undefined) throw new Error('the database accepted a write it should have refused');
  return { code: sqlState(error), constraint: violatedConstraint(error) };
}

/** A value the column's type forbids, written anyway: the database must refuse it on its own. */
const outsideItsType = (value: string) => value as never;
/** A jsonb value that is not the list its column holds. */
const notAList = (value: unknown) => value as never;

/** A schedule the contract would never let through, written anyway. */
const oddSchedule = (value: unknown) => value as MedicationSchedule;

/** A dose of a new medication of the patient. */
const newDose = async (overrides: Parameters<typeof createDose>[2]) => createDose(db, await createMedication(db, userId), overrides);

const newRecord = (overrides: Partial<typeof medicalRecords.$inferInsert> = {}) =>
  db.insert(medicalRecords).values({ userId, filename: 'scan.pdf', fileType: 'application/pdf', fileSize: 100, ...overrides });

/** Bytes made inside the database, so that a 20 MiB value costs no 27 MiB parameter. */
const bytesOfLength = (length: number) => sql`convert_to(repeat('x', ${length}::int), 'UTF8')`;

describe('CHECK constraints (23514)', () => {
  it.each([
    ['an unknown communication preference', 'users_communication_preference_check', () => createUser(db, { communicationPreference: outsideItsType('fax') })],
    ['an empty display name', 'users_display_name_check', () => createUser(db, { displayName: '' })],
    ['a display name over 200 characters', 'users_display_name_check', () => createUser(db, { displayName: 'a'.repeat(201) })],
    ['a negative deductible', 'insurance_plans_amounts_check', () => createInsurancePlan(db, userId, { deductible: -1 })],
    ['a negative deductible met', 'insurance_plans_amounts_check', () => createInsurancePlan(db, userId, { deductibleMet: -1 })],
    ['a negative out-of-pocket maximum', 'insurance_plans_amounts_check', () => createInsurancePlan(db, userId, { outOfPocketMax: -1 })],
    ['a negative out-of-pocket met', 'insurance_plans_amounts_check', () => createInsurancePlan(db, userId, { outOfPocketMet: -1 })],
    ['a deductible met above the deductible', 'insurance_plans_met_within_total_check', () => createInsurancePlan(db, userId, { deductible: 100, deductibleMet: 101 })],
    ['an out-of-pocket met above the maximum', 'insurance_plans_met_within_total_check', () => createInsurancePlan(db, userId, { outOfPocketMax: 100, outOfPocketMet: 101 })],
    ['a plan type outside its set', 'insurance_plans_plan_type_check', () => createInsurancePlan(db, userId, { planType: outsideItsType('Gold') })],
    ['a plan type in another case', 'insurance_plans_plan_type_check', () => createInsurancePlan(db, userId, { planType: outsideItsType('ppo') })],
    ['a blank service name', 'insurance_benefits_service_name_check', async () => createBenefit(db, (await createInsurancePlan(db, userId)).id, '  ')],
    ['a document type outside PDF, JPEG and PNG', 'medical_records_file_type_check', () => newRecord({ fileType: outsideItsType('text/html') })],
    ['an empty document', 'medical_records_file_size_check', () => newRecord({ fileSize: 0 })],
    ['a document over 20 MiB', 'medical_records_file_size_check', () => newRecord({ fileSize: MAX_DOCUMENT_BYTES + 1 })],
    ['an empty filename', 'medical_records_filename_check', () => newRecord({ filename: '' })],
    ['a filename over 255 characters', 'medical_records_filename_check', () => newRecord({ filename: 'a'.repeat(256) })],
    [
      'a piece of a document over 256 KiB',
      'medical_record_chunks_size_check',
      async () => {
        const [record] = await newRecord().returning();
        await db.insert(medicalRecordChunks).values({ recordId: record!.id, chunkIndex: 0, bytes: bytesOfLength(DOCUMENT_CHUNK_BYTES + 1) });
      },
    ],
    [
      'an empty piece of a document',
      'medical_record_chunks_size_check',
      async () => {
        const [record] = await newRecord().returning();
        await db.insert(medicalRecordChunks).values({ recordId: record!.id, chunkIndex: 0, bytes: bytesOfLength(0) });
      },
    ],
    [
      'a piece before the first',
      'medical_record_chunks_index_check',
      async () => {
        const [record] = await newRecord().returning();
        await db.insert(medicalRecordChunks).values({ recordId: record!.id, chunkIndex: -1, bytes: bytesOfLength(1) });
      },
    ],
    ['a care status outside its set', 'preventative_care_status_check', () => createCareItem(db, userId, { status: outsideItsType('pending') })],
    ['a care status in another case', 'preventative_care_status_check', () => createCareItem(db, userId, { status: outsideItsType('Scheduled') })],
    ["a stored care status of 'overdue', which is derived from the date", 'preventative_care_status_check', () => createCareItem(db, userId, { status: outsideItsType('overdue') })],
    ['recurring every 0 months', 'preventative_care_recurring_months_check', () => createCareItem(db, userId, { recurringMonths: 0 })],
    ['recurring every 1,201 months', 'preventative_care_recurring_months_check', () => createCareItem(db, userId, { recurringMonths: 1201 })],
    [
      'an appointment status outside its set',
      'appointments_status_check',
      async () => createAppointment(db, userId, (await createProvider(db, userId)).id, { status: outsideItsType('rescheduled') }),
    ],
    ['a provider specialty outside its set', 'providers_specialty_check', () => createProvider(db, userId, { specialty: outsideItsType('Cardiology') })],
    ['a blank provider name', 'providers_name_check', () => createProvider(db, userId, { name: '  ' })],
    ['a care category outside its set', 'preventative_care_category_check', () => createCareItem(db, userId, { category: outsideItsType('Cardiology') })],
    [
      'a confirmation call status outside its set',
      'appointments_confirmation_call_status_check',
      async () => createAppointment(db, userId, (await createProvider(db, userId)).id, { confirmationCallStatus: outsideItsType('ringing') }),
    ],
    ['an unknown activity icon', 'activities_icon_type_check', () => createActivity(db, userId, { iconType: outsideItsType('star') })],
    ['an unknown activity type', 'activities_activity_type_check', () => createActivity(db, userId, { activityType: outsideItsType('info') })],
    ['a chat outside its set', 'chat_sessions_channel_check', () => createChatMessage(db, userId, {}, { channel: outsideItsType('email') })],
    ['a chat role outside its set', 'chat_messages_role_check', () => createChatMessage(db, userId, { role: outsideItsType('system') })],
    ['a chat message over 100,000 characters', 'chat_messages_content_check', () => createChatMessage(db, userId, { content: 'a'.repeat(100_001) })],
    ['a blank medication name', 'medications_name_check', () => createMedication(db, userId, { name: '   ' })],
    ['a medication form outside its set', 'medications_form_check', () => createMedication(db, userId, { form: outsideItsType('pill') })],
    ['a medication status outside its set', 'medications_status_check', () => createMedication(db, userId, { status: outsideItsType('ended') })],
    ['a schedule of an unknown kind', 'medications_schedule_kind_check', () => createMedication(db, userId, { schedule: oddSchedule({ kind: 'weekly' }) })],
    ['a schedule without a kind', 'medications_schedule_kind_check', () => createMedication(db, userId, { schedule: oddSchedule({ times: ['08:00'] }) })],
    ['a schedule that is not an object', 'medications_schedule_kind_check', () => createMedication(db, userId, { schedule: oddSchedule(['daily']) })],
    ['an end before the start', 'medications_dates_check', () => createMedication(db, userId, { startDate: '2026-03-02', endDate: '2026-03-01' })],
    ['a paused medication without the day it was paused', 'medications_paused_on_check', () => createMedication(db, userId, { status: 'paused' })],
    ['an active medication with a day it was paused', 'medications_paused_on_check', () => createMedication(db, userId, { pausedOn: '2026-03-01' })],
    ['a stopped medication without the day it was stopped', 'medications_stopped_on_check', () => createMedication(db, userId, { status: 'stopped' })],
    [
      'a paused medication with a day it was stopped',
      'medications_stopped_on_check',
      () => createMedication(db, userId, { status: 'paused', pausedOn: '2026-03-01', stoppedOn: '2026-03-01' }),
    ],
    ['a negative number of refills', 'medications_counts_check', () => createMedication(db, userId, { refillsLeft: -1 })],
    ['a negative quantity on hand', 'medications_counts_check', () => createMedication(db, userId, { quantityOnHand: -1 })],
    ['a dose status outside its set', 'medication_doses_status_check', () => newDose({ status: outsideItsType('late') })],
    ['a scheduled day without a time', 'medication_doses_scheduled_check', () => newDose({ scheduledTime: null })],
    ['a scheduled time without a day', 'medication_doses_scheduled_check', () => newDose({ scheduledDate: null })],
    ['a scheduled time past the day', 'medication_doses_scheduled_time_check', () => newDose({ scheduledTime: '24:00' })],
    ['a scheduled time without its leading zero', 'medication_doses_scheduled_time_check', () => newDose({ scheduledTime: '8:00' })],
    ['a taken dose without the time it was taken', 'medication_doses_taken_at_check', () => newDose({ takenAt: null })],
    ['a skipped dose with a time it was taken', 'medication_doses_taken_at_check', () => newDose({ status: 'skipped' })],
    [
      'an as-needed dose that was not taken',
      'medication_doses_as_needed_check',
      () => newDose({ scheduledDate: null, scheduledTime: null, status: 'missed', takenAt: null }),
    ],
    ['medication codes that are not a list', 'medications_codes_check', () => createMedication(db, userId, { codes: notAList({ code: '105586' }) })],
    ['a blank condition name', 'conditions_name_check', () => createCondition(db, userId, { name: ' ' })],
    ['a condition status outside its set', 'conditions_status_check', () => createCondition(db, userId, { clinicalStatus: outsideItsType('cured') })],
    ['condition codes that are not a list', 'conditions_codes_check', () => createCondition(db, userId, { codes: notAList({ code: '1' }) })],
    ['a condition that ended before it began', 'conditions_dates_check', () => createCondition(db, userId, { onsetDate: '2024-02-01', abatementDate: '2024-01-31' })],
    ['a blank allergy substance', 'allergies_substance_check', () => createAllergy(db, userId, { substance: '' })],
    ['an allergy type outside its set', 'allergies_type_check', () => createAllergy(db, userId, { type: outsideItsType('sensitivity') })],
    ['an allergy criticality outside its set', 'allergies_criticality_check', () => createAllergy(db, userId, { criticality: outsideItsType('fatal') })],
    ['an allergy status outside its set', 'allergies_status_check', () => createAllergy(db, userId, { status: outsideItsType('gone') })],
    ['allergy codes that are not a list', 'allergies_codes_check', () => createAllergy(db, userId, { codes: notAList('91936005') })],
    ['reactions that are not a list', 'allergies_reactions_check', () => createAllergy(db, userId, { reactions: notAList({ manifestation: 'Hives' }) })],
    ['a blank vaccine', 'immunizations_vaccine_check', () => createImmunization(db, userId, { vaccine: '  ' })],
    ['immunization codes that are not a list', 'immunizations_codes_check', () => createImmunization(db, userId, { codes: notAList(7) })],
    // Where a row came from (issue 34: migration 0018), and the codes of a care item, a plan and an appointment.
    ['condition identifiers that are not a list', 'conditions_identifiers_check', () => createCondition(db, userId, { identifiers: notAList({ value: 'c-1' }) })],
    ['allergy identifiers that are not a list', 'allergies_identifiers_check', () => createAllergy(db, userId, { identifiers: notAList('a-1') })],
    ['immunization identifiers that are not a list', 'immunizations_identifiers_check', () => createImmunization(db, userId, { identifiers: notAList(7) })],
    ['medication identifiers that are not a list', 'medications_identifiers_check', () => createMedication(db, userId, { identifiers: notAList({}) })],
    ['provider identifiers that are not a list', 'providers_identifiers_check', () => createProvider(db, userId, { identifiers: notAList('1234567893') })],
    ['care item identifiers that are not a list', 'preventative_care_identifiers_check', () => createCareItem(db, userId, { identifiers: notAList(1) })],
    ['care item codes that are not a list', 'preventative_care_codes_check', () => createCareItem(db, userId, { codes: notAList({ code: '73761001' }) })],
    ['plan codes that are not a list', 'insurance_plans_codes_check', () => createInsurancePlan(db, userId, { codes: notAList('PPO') })],
    [
      'appointment codes that are not a list',
      'appointments_codes_check',
      async () => createAppointment(db, userId, (await createProvider(db, userId)).id, { codes: notAList('CHECKUP') }),
    ],
    ['a dose number of 0', 'immunizations_dose_number_check', () => createImmunization(db, userId, { doseNumber: 0 })],
    ['a dose number of 100', 'immunizations_dose_number_check', () => createImmunization(db, userId, { doseNumber: 100 })],
    ['a reading of another kind', 'observations_kind_check', () => createObservation(db, userId, { kind: outsideItsType('vital') })],
    ['a reading of another value type', 'observations_value_type_check', () => createObservation(db, userId, { valueType: outsideItsType('range') })],
    ['a reading without a code', 'observations_code_check', () => createObservation(db, userId, { code: ' ' })],
    ['a comparator outside its set', 'observations_comparator_check', () => createObservation(db, userId, { valueType: 'quantity', secondValue: null, secondChartValue: null, comparator: outsideItsType('~') })],
    ['a reading from another source', 'observations_source_check', () => createObservation(db, userId, { source: outsideItsType('neighbour') })],
    ['blood pressure without its diastolic', 'observations_value_check', () => createObservation(db, userId, { secondValue: null })],
    ['a number without its unit', 'observations_value_check', () => createObservation(db, userId, { valueType: 'quantity', secondValue: null, secondChartValue: null, unit: null })],
    ['words with a number', 'observations_value_check', () => createObservation(db, userId, { valueType: 'text', valueText: 'negative', secondValue: null, chartValue: null, secondChartValue: null })],
    ['a range whose low is above its high', 'observations_reference_check', () => createObservation(db, userId, { referenceLow: 10, referenceHigh: 5 })],
    ['reading identifiers that are not a list', 'observations_identifiers_check', () => createObservation(db, userId, { identifiers: notAList({ value: 'o-1' }) })],
    ['a unit system outside its set', 'users_unit_system_check', () => createUser(db, { unitSystem: outsideItsType('imperial') })],
  ])('refuses %s', async (_case, constraint, write) => {
    expect(await refusal(write)).toEqual({ code: '23514', constraint });
  });

  it('accepts the values at the edges of each rule', async () => {
    await createUser(db, { displayName: 'a'.repeat(200), communicationPreference: 'none' });
    await createInsurancePlan(db, userId, { deductible: 0, deductibleMet: 0, outOfPocketMax: 0, outOfPocketMet: 0 });
    const [record] = await newRecord({ fileType: 'image/png', fileSize: MAX_DOCUMENT_BYTES, filename: 'a'.repeat(255) }).returning();
    await db.insert(medicalRecordChunks).values({ recordId: record!.id, chunkIndex: 0, bytes: bytesOfLength(DOCUMENT_CHUNK_BYTES) });
    await newRecord({ fileType: 'image/jpeg', fileSize: 1, filename: 'x' });
    for (const status of STORED_CARE_STATUSES) await createCareItem(db, userId, { status });
    await createCareItem(db, userId, { recurringMonths: 1 });
    await createCareItem(db, userId, { recurringMonths: 1200 });
    await createCareItem(db, userId, { recurringMonths: null });
    const provider = await createProvider(db, userId);
    for (const status of APPOINTMENT_STATUSES) await createAppointment(db, userId, provider.id, { status });
    for (const iconType of ICON_TYPES) await createActivity(db, userId, { iconType });
    for (const activityType of ACTIVITY_TYPES) await createActivity(db, userId, { activityType });
    for (const form of MEDICATION_FORMS) await createMedication(db, userId, { form });
    for (const kind of SCHEDULE_KINDS) await createMedication(db, userId, { schedule: oddSchedule({ kind }) });
    await createMedication(db, userId, { form: null, startDate: '2026-03-02', endDate: '2026-03-02', refillsLeft: 0, quantityOnHand: 0 });
    await createMedication(db, userId, { status: 'paused', pausedOn: '2026-03-01' });
    await createMedication(db, userId, { status: 'stopped', stoppedOn: '2026-03-01', stopReason: 'Finished the course' });
    const medication = await createMedication(db, userId);
    for (const [index, status] of DOSE_STATUSES.entries()) {
      await createDose(db, medication, { scheduledTime: `0${index}:00`, status, takenAt: status === 'taken' ? new Date() : null });
    }
    await createDose(db, medication, { scheduledTime: '23:59' });
    await createDose(db, medication, { scheduledDate: null, scheduledTime: null });
  });
});

describe('unique constraints (23505)', () => {
  it('allows one primary plan per user, and any number of other plans', async () => {
    await createInsurancePlan(db, userId, { isPrimary: true });
    expect(await refusal(() => createInsurancePlan(db, userId, { isPrimary: true }))).toEqual({
      code: '23505',
      constraint: 'insurance_plans_one_primary_idx',
    });
    await createInsurancePlan(db, userId, { isPrimary: false });
    await createInsurancePlan(db, userId, { isPrimary: false });
    const otherUser = await createUser(db);
    await createInsurancePlan(db, otherUser.id, { isPrimary: true });
  });

  it.each([
    ['a username', 'users_username_unique', { username: 'taken' }],
    ['an e-mail address', 'users_email_unique', { email: 'taken@example.com' }],
  ])('refuses %s already in use', async (_case, constraint, fields) => {
    await createUser(db, fields);
    expect(await refusal(() => createUser(db, fields))).toEqual({ code: '23505', constraint });
  });

  it('keeps one entry per scheduled dose, and any number of as-needed doses', async () => {
    const medication = await createMedication(db, userId);
    await createDose(db, medication);
    expect(await refusal(() => createDose(db, medication, { status: 'skipped', takenAt: null }))).toEqual({
      code: '23505',
      constraint: 'medication_doses_scheduled_idx',
    });
    await createDose(db, medication, { scheduledTime: '20:00' });
    await createDose(db, medication, { scheduledDate: '2026-03-03' });
    await createDose(db, await createMedication(db, userId), {});
    const asNeeded = { scheduledDate: null, scheduledTime: null, takenAt: new Date('2026-03-02T08:05:00Z') };
    await createDose(db, medication, asNeeded);
    await createDose(db, medication, asNeeded);
  });

  it('keeps one piece per place in a document', async () => {
    const record = await createMedicalRecord(db, userId);
    expect(
      await refusal(() => db.insert(medicalRecordChunks).values({ recordId: record.id, chunkIndex: 0, bytes: bytesOfLength(10) })),
    ).toEqual({ code: '23505', constraint: 'medical_record_chunks_record_id_chunk_index_pk' });
  });
});

describe('foreign keys (23503)', () => {
  it.each([
    ['a provider of no user', 'providers_user_id_users_id_fk', () => createProvider(db, NO_SUCH_ID)],
    ['a plan of no user', 'insurance_plans_user_id_users_id_fk', () => createInsurancePlan(db, NO_SUCH_ID)],
    ['a benefit of no plan', 'insurance_benefits_insurance_id_insurance_plans_id_fk', () => createBenefit(db, NO_SUCH_ID)],
    ['a record of no user', 'medical_records_user_id_users_id_fk', () => newRecord({ userId: NO_SUCH_ID })],
    ['a record of no plan', 'medical_records_insurance_id_insurance_plans_id_fk', () => newRecord({ insuranceId: NO_SUCH_ID })],
    [
      'bytes of no record',
      'medical_record_chunks_record_id_medical_records_id_fk',
      () => db.insert(medicalRecordChunks).values({ recordId: NO_SUCH_ID, chunkIndex: 0, bytes: bytesOfLength(10) }),
    ],
    ['a care item of no user', 'preventative_care_user_id_users_id_fk', () => createCareItem(db, NO_SUCH_ID)],
    [
      'an appointment of no user',
      'appointments_user_id_users_id_fk',
      async () => createAppointment(db, NO_SUCH_ID, (await createProvider(db, userId)).id),
    ],
    ['an appointment with no provider', 'appointments_provider_id_providers_id_fk', () => createAppointment(db, userId, NO_SUCH_ID)],
    [
      'an appointment for no care item',
      'appointments_care_item_id_preventative_care_id_fk',
      async () => createAppointment(db, userId, (await createProvider(db, userId)).id, { careItemId: NO_SUCH_ID }),
    ],
    ['an activity of no user', 'activities_user_id_users_id_fk', () => createActivity(db, NO_SUCH_ID)],
    ['a medication of no user', 'medications_user_id_users_id_fk', () => createMedication(db, NO_SUCH_ID)],
    ['a medication prescribed by no provider', 'medications_provider_id_providers_id_fk', () => createMedication(db, userId, { providerId: NO_SUCH_ID })],
    ['a dose of no medication', 'medication_doses_medication_id_medications_id_fk', () => createDose(db, { id: NO_SUCH_ID, userId })],
    ['a dose of no user', 'medication_doses_user_id_users_id_fk', async () => createDose(db, { id: (await createMedication(db, userId)).id, userId: NO_SUCH_ID })],
    ['a condition of no user', 'conditions_user_id_users_id_fk', () => createCondition(db, NO_SUCH_ID)],
    ['an allergy of no user', 'allergies_user_id_users_id_fk', () => createAllergy(db, NO_SUCH_ID)],
    ['an immunization of no user', 'immunizations_user_id_users_id_fk', () => createImmunization(db, NO_SUCH_ID)],
    ['a reading of no user', 'observations_user_id_users_id_fk', () => createObservation(db, NO_SUCH_ID)],
    ['a reading from no document', 'observations_medical_record_id_medical_records_id_fk', () => createObservation(db, userId, { medicalRecordId: NO_SUCH_ID })],
  ])('refuses %s', async (_case, constraint, write) => {
    expect(await refusal(write)).toEqual({ code: '23503', constraint });
  });

  it('refuses to delete a provider who still has appointments', async () => {
    const provider = await createProvider(db, userId);
    await createAppointment(db, userId, provider.id);
    const refused = await refusal(() => db.delete(providers).where(eq(providers.id, provider.id)));
    // ON DELETE RESTRICT: PostgreSQL 18 (and PGlite, built on it) reports restrict_violation, older servers 23503.
    expect(['23001', '23503']).toContain(refused.code);
    expect(refused.constraint).toBe('appointments_provider_id_providers_id_fk');
  });
});

describe('migration 0007: overdue is no longer stored', () => {
  it('stores the items stored overdue before as upcoming, keeps every other status, and refuses overdue after', async () => {
    // The table as migration 0006 left it, holding an item of each status it allowed.
    await db.execute(sql`alter table preventative_care drop constraint preventative_care_status_check`);
    await db.execute(
      sql`alter table preventative_care add constraint preventative_care_status_check check (status in ('overdue', 'scheduled', 'upcoming', 'completed'))`,
    );
    const before = [outsideItsType('overdue'), ...STORED_CARE_STATUSES].map((status) => ({ status, dueDate: '2024-01-15' }));
    const items = [];
    for (const fields of before) items.push(await createCareItem(db, userId, fields));

    const migration = readFileSync(new URL('./migrations/0007_stored_care_status.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));

    const after = await db.select({ id: preventativeCare.id, status: preventativeCare.status }).from(preventativeCare).orderBy(preventativeCare.id);
    expect(after).toEqual(items.map(({ id }, index) => ({ id, status: index === 0 ? 'upcoming' : before[index]!.status })));
    expect(await refusal(() => createCareItem(db, userId, { status: outsideItsType('overdue') }))).toEqual({
      code: '23514',
      constraint: 'preventative_care_status_check',
    });
  });
});
