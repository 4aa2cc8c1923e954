import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MedicationSchedule } from '../../../shared/rules/medications';
import { CURRENT_USER_ID } from '../../../shared/rules/patient';
import {
  createAppointment,
  createBenefit,
  createCareItem,
  createDose,
  createInsurancePlan,
  createMedicalRecord,
  createMedication,
  createObservation,
  createProvider,
  createUser,
} from '../../../testing/factories';
import { createTestDatabase } from '../../../testing/test-database';
import type { Database, DatabaseHandle } from '../../db/client';
import { wipeData } from '../../db/reset';
import { users } from '../../db/schema/index';
import { seedIfEmpty } from '../../db/seed';
import type { Patient } from '../../core/patient';
import { DEMO_FACTS, NOTHING_ON_FILE } from '../../../testing/patient-facts';
import { describeFacts, loadPatientFacts, type MeasureReadings, type PatientFacts } from './patient-facts';

let database: DatabaseHandle;
let db: Database;
/** Noon, local time: the seed's dates and "today" (no time zone on the demo patient) are both local days. */
const NOW = new Date(2026, 10, 22, 12, 0);
const demo: Patient = { id: CURRENT_USER_ID };
const DEMO = DEMO_FACTS;
const NOTHING: PatientFacts = { ...NOTHING_ON_FILE, readings: [] };

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
beforeEach(async () => {
  await wipeData(db);
});
afterAll(async () => {
  await database?.close();
});


describe('loadPatientFacts', () => {
  it('reads the seeded demo patient: the next scheduled visit, care by shown status, the primary plan, the records', async () => {
    await seedIfEmpty(db, NOW);
    expect(await loadPatientFacts(db, demo, NOW)).toEqual(DEMO);
  });

  it("reads the patient's own rows only, never another user's", async () => {
    await seedIfEmpty(db, NOW);
    const other = await createUser(db, { displayName: 'Other Person', medications: 'Not yours', allergies: 'Not yours' });
    const provider = await createProvider(db, other.id, { name: 'Dr. Someone Else' });
    await createAppointment(db, other.id, provider.id, { appointmentDate: '2026-11-23' });
    await createCareItem(db, other.id, { careName: 'Not Yours', dueDate: '2026-01-01' });
    const plan = await createInsurancePlan(db, other.id, { provider: 'Other Insurer', isPrimary: true });
    await createBenefit(db, plan.id, 'Not yours');
    await createMedicalRecord(db, other.id, { filename: 'not-yours.pdf', uploadDate: NOW });
    const warfarin = await createMedication(db, other.id, { name: 'Warfarin', schedule: { kind: 'daily', times: ['08:00'] } });
    await createDose(db, warfarin, { scheduledDate: '2026-11-22', scheduledTime: '08:00', takenAt: new Date(2026, 10, 22, 8, 1) });
    await createObservation(db, other.id, { takenAt: new Date(2026, 10, 21, 9, 0) });

    expect(await loadPatientFacts(db, demo, NOW)).toEqual(DEMO);
    const theirs = await loadPatientFacts(db, { id: other.id }, NOW);
    expect(theirs.displayName).toBe('Other Person');
    expect(theirs.nextAppointments.map((a) => a.providerName)).toEqual(['Dr. Someone Else']);
    expect(theirs.plan?.benefits.map((b) => b.serviceName)).toEqual(['Not yours']);
    expect(theirs.records.count).toBe(1);
    expect(theirs.medicationList.current.map((m) => m.name)).toEqual(['Warfarin']);
    expect(theirs.todaysDoses).toMatchObject([{ name: 'Warfarin', time: '08:00', logged: 'taken', takenAt: '08:01' }]);
    expect(theirs.readings?.map((measure) => measure.latest.value)).toEqual(['128/82 mmHg']);
  });

  it('answers for a patient that does not exist yet (a first run) with nothing on file', async () => {
    expect(await loadPatientFacts(db, demo, NOW)).toEqual(NOTHING);
  });

  describe('appointments', () => {
    it('are the scheduled ones from today on, by date and time of day (a preference where it falls), three at most', async () => {
      const user = await createUser(db);
      const patient = { id: user.id };
      const provider = await createProvider(db, user.id, { name: 'Dr. Ada Park', specialty: 'Primary Care' });
      const at = (appointmentType: string, appointmentDate: string, appointmentTime: string, status: 'scheduled' | 'completed' | 'cancelled' = 'scheduled') =>
        createAppointment(db, user.id, provider.id, { appointmentType, appointmentDate, appointmentTime, status });
      await at('Yesterday', '2026-11-21', '10:00');
      await at('Cancelled', '2026-11-22', '09:00', 'cancelled');
      await at('Completed', '2026-11-22', '09:00', 'completed');
      await at('Evening today', '2026-11-22', 'evening');
      await at('Two today', '2026-11-22', '14:00');
      await at('Morning today', '2026-11-22', 'morning');
      await at('Nine today', '2026-11-22', '09:00');
      await at('Next week', '2026-11-29', 'any');

      const facts = await loadPatientFacts(db, patient, NOW);
      // Today's visits stay "next" all day, even once their hour has passed: the rule is on or after today.
      expect(facts.nextAppointments).toEqual([
        { type: 'Morning today', providerName: 'Dr. Ada Park', providerSpecialty: 'Primary Care', date: '2026-11-22', time: 'morning' },
        { type: 'Nine today', providerName: 'Dr. Ada Park', providerSpecialty: 'Primary Care', date: '2026-11-22', time: '09:00' },
        { type: 'Two today', providerName: 'Dr. Ada Park', providerSpecialty: 'Primary Care', date: '2026-11-22', time: '14:00' },
      ]);
    });

    it("name 'Unknown Provider' when the provider is not the patient's", async () => {
      const user = await createUser(db);
      const other = await createUser(db);
      const theirProvider = await createProvider(db, other.id, { name: 'Dr. Not Yours' });
      await createAppointment(db, user.id, theirProvider.id, { appointmentDate: '2026-12-01' });
      const [next] = (await loadPatientFacts(db, { id: user.id }, NOW)).nextAppointments;
      expect(next).toMatchObject({ providerName: 'Unknown Provider', providerSpecialty: null });
    });

    it("start from today in the patient's own time zone", async () => {
      const user = await createUser(db);
      const provider = await createProvider(db, user.id);
      await createAppointment(db, user.id, provider.id, { appointmentDate: '2026-11-22' });
      const evening = new Date('2026-11-22T20:00:00Z');

      await db.update(users).set({ timeZone: 'Pacific/Pago_Pago' }).where(eq(users.id, user.id)); // UTC−11: still Nov 22
      const west = await loadPatientFacts(db, { id: user.id }, evening);
      expect(west).toMatchObject({ timeZone: 'Pacific/Pago_Pago', today: '2026-11-22' });
      expect(west.nextAppointments).toHaveLength(1);

      await db.update(users).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(users.id, user.id)); // UTC+14: already Nov 23
      const east = await loadPatientFacts(db, { id: user.id }, evening);
      expect(east).toMatchObject({ timeZone: 'Pacific/Kiritimati', today: '2026-11-23' });
      expect(east.nextAppointments).toEqual([]);
    });
  });

  describe('care', () => {
    it("is classified by the app's shown status, with upcoming care due within three months as due soon", async () => {
      const user = await createUser(db);
      const item = (careName: string, dueDate: string, status: 'upcoming' | 'scheduled' | 'completed' = 'upcoming') =>
        createCareItem(db, user.id, { careName, dueDate, status, ...(status === 'completed' ? { lastCompleted: dueDate } : {}) });
      await item('Due yesterday', '2026-11-21');
      await item('Scheduled, past due', '2026-11-01', 'scheduled');
      await item('Due today', '2026-11-22');
      await item('Due in three months', '2027-02-22');
      await item('Due a day later', '2027-02-23');

      const facts = await loadPatientFacts(db, { id: user.id }, NOW);
      expect(facts.care.map(({ name, status }) => [name, status])).toEqual([
        ['Scheduled, past due', 'scheduled'],
        ['Due yesterday', 'overdue'],
        ['Due today', 'due-soon'],
        ['Due in three months', 'due-soon'],
        ['Due a day later', 'upcoming'],
      ]);
    });

    it("stands where the one rule puts it on the patient's own today, at a day boundary", async () => {
      const user = await createUser(db);
      await createCareItem(db, user.id, { careName: 'Dental Cleaning', dueDate: '2026-11-22' });
      await createCareItem(db, user.id, { careName: 'Flu Vaccine', dueDate: '2027-02-23' });
      // 10:30 UTC: already Nov 23 at UTC+14, still Nov 21 at UTC−11 (rules/care-views.test.ts, the other screens).
      const boundary = new Date('2026-11-22T10:30:00Z');
      const standings = async (timeZone: string) => {
        await db.update(users).set({ timeZone }).where(eq(users.id, user.id));
        return (await loadPatientFacts(db, { id: user.id }, boundary)).care.map(({ name, status }) => [name, status]);
      };
      expect(await standings('Pacific/Kiritimati')).toEqual([
        ['Dental Cleaning', 'overdue'],
        ['Flu Vaccine', 'due-soon'],
      ]);
      expect(await standings('Pacific/Pago_Pago')).toEqual([
        ['Dental Cleaning', 'due-soon'],
        ['Flu Vaccine', 'upcoming'],
      ]);
    });

    it('keeps the five most recently completed items after the open ones', async () => {
      const user = await createUser(db);
      for (let month = 1; month <= 7; month++) {
        const day = `2026-0${month}-15`;
        await createCareItem(db, user.id, { careName: `Round ${month}`, dueDate: day, status: 'completed', lastCompleted: day });
      }
      await createCareItem(db, user.id, { careName: 'Open', dueDate: '2030-01-01' });
      const facts = await loadPatientFacts(db, { id: user.id }, NOW);
      expect(facts.care.map((item) => item.name)).toEqual(['Open', 'Round 7', 'Round 6', 'Round 5', 'Round 4', 'Round 3']);
    });
  });

  describe('insurance', () => {
    it('is the primary plan with its own benefits, before an older plan that is not primary', async () => {
      const user = await createUser(db);
      const older = await createInsurancePlan(db, user.id, { provider: 'Old Insurer', isPrimary: false });
      await createBenefit(db, older.id, 'Old benefit');
      const primary = await createInsurancePlan(db, user.id, { provider: 'Acme Health', planType: 'HMO', isPrimary: true });
      await createBenefit(db, primary.id, 'Dental cleaning');
      await createBenefit(db, primary.id, 'Vision exam');

      expect((await loadPatientFacts(db, { id: user.id }, NOW)).plan).toEqual({
        provider: 'Acme Health',
        planType: 'HMO',
        isPrimary: true,
        deductible: 1000,
        deductibleMet: 200,
        outOfPocketMax: 4000,
        outOfPocketMet: 500,
        benefits: [
          { serviceName: 'Dental cleaning', inNetworkCoverage: '$20 copay', outOfNetworkCoverage: '50%' },
          { serviceName: 'Vision exam', inNetworkCoverage: '$20 copay', outOfNetworkCoverage: '50%' },
        ],
      });
    });

    it('is the first plan, marked not primary, when none is primary; null when there is none', async () => {
      const user = await createUser(db);
      expect((await loadPatientFacts(db, { id: user.id }, NOW)).plan).toBeNull();
      await createInsurancePlan(db, user.id, { provider: 'Only Insurer', isPrimary: false });
      expect((await loadPatientFacts(db, { id: user.id }, NOW)).plan).toMatchObject({ provider: 'Only Insurer', isPrimary: false, benefits: [] });
    });
  });

  describe('records', () => {
    it('are counted, the latest by upload date (its day in the patient’s time zone), without their bytes', async () => {
      const user = await createUser(db, { timeZone: 'Asia/Tokyo' });
      await createMedicalRecord(db, user.id, { filename: 'newest.pdf', description: '  ', uploadDate: new Date('2026-11-20T16:00:00Z') });
      await createMedicalRecord(db, user.id, { filename: 'older.pdf', description: 'Older', uploadDate: new Date('2026-10-01T10:00:00Z') });

      // The bytes' table is out of reach while the facts are read: no query may touch it.
      await db.execute(sql`alter table medical_record_chunks rename to medical_record_chunks_hidden`);
      try {
        const facts = await loadPatientFacts(db, { id: user.id }, NOW);
        // 16:00 UTC on Nov 20 is 01:00 on Nov 21 in Tokyo; a blank description is none.
        expect(facts.records).toEqual({ count: 2, latest: { filename: 'newest.pdf', description: null, uploadDate: '2026-11-21' } });
      } finally {
        await db.execute(sql`alter table medical_record_chunks_hidden rename to medical_record_chunks`);
      }
    });
  });

  describe('medications', () => {
    it('are the current ones by name (active, paused, not started yet), then the past ones, the latest stopped or ended first, ten at most', async () => {
      const user = await createUser(db);
      const daily: MedicationSchedule = { kind: 'daily', times: ['08:00'] };
      await createMedication(db, user.id, { name: 'Zinc', schedule: daily, instructions: '  ', reason: ' Low zinc ' });
      await createMedication(db, user.id, { name: 'Aspirin', schedule: daily, status: 'paused', pausedOn: '2026-11-01' });
      await createMedication(db, user.id, { name: 'Later', schedule: daily, startDate: '2026-12-01' });
      await createMedication(db, user.id, { name: 'Ended yesterday', schedule: daily, endDate: '2026-11-21' });
      await createMedication(db, user.id, { name: 'Ends today', schedule: daily, endDate: '2026-11-22' });
      for (let day = 1; day <= 11; day++) {
        const stoppedOn = `2026-10-${String(day).padStart(2, '0')}`;
        await createMedication(db, user.id, { name: `Course ${day}`, schedule: daily, status: 'stopped', stoppedOn, stopReason: day === 11 ? 'Finished' : null });
      }

      const { medicationList } = await loadPatientFacts(db, { id: user.id }, NOW);
      expect(medicationList.current.map((m) => [m.name, m.status])).toEqual([
        ['Aspirin', 'paused'],
        ['Ends today', 'active'],
        ['Later', 'active'],
        ['Zinc', 'active'],
      ]);
      // Blank text is none, text is trimmed.
      expect(medicationList.current[3]).toMatchObject({ instructions: null, reason: 'Low zinc' });
      expect(medicationList.past.map((m) => m.name)).toEqual(['Ended yesterday', 'Course 11', 'Course 10', 'Course 9', 'Course 8', 'Course 7', 'Course 6', 'Course 5', 'Course 4', 'Course 3']);
      expect(medicationList.past[1]).toMatchObject({ status: 'stopped', stoppedOn: '2026-10-11', stopReason: 'Finished' });
    });

    it("give today's doses with what the log says, on the patient's clock", async () => {
      // 03:00 UTC on November 22 is noon in Tokyo.
      const user = await createUser(db, { timeZone: 'Asia/Tokyo' });
      const now = new Date('2026-11-22T03:00:00Z');
      const metformin = await createMedication(db, user.id, { name: 'Metformin', strength: '500 mg', dose: '1 tablet', schedule: { kind: 'daily', times: ['08:00', '20:00'] } });
      const lisinopril = await createMedication(db, user.id, { name: 'Lisinopril', strength: '10 mg', dose: '1 tablet', schedule: { kind: 'daily', times: ['07:00'] } });
      const early = await createMedication(db, user.id, { name: 'Early', strength: null, dose: null, schedule: { kind: 'daily', times: ['00:30'] } });
      const inhaler = await createMedication(db, user.id, { name: 'Albuterol', strength: null, dose: '2 puffs', schedule: { kind: 'as-needed' } });
      const scheduled = (time: string) => ({ scheduledDate: '2026-11-22', scheduledTime: time });
      await createDose(db, metformin, { ...scheduled('08:00'), takenAt: new Date('2026-11-21T23:05:00Z') }); // 08:05 in Tokyo
      await createDose(db, lisinopril, { ...scheduled('07:00'), status: 'skipped', takenAt: null, reason: 'Felt dizzy' });
      await createDose(db, early, { ...scheduled('00:30'), takenAt: new Date('2026-11-21T14:50:00Z') }); // 23:50 the evening before
      await createDose(db, inhaler, { scheduledDate: null, scheduledTime: null, takenAt: new Date('2026-11-22T01:30:00Z') }); // 10:30
      await createDose(db, inhaler, { scheduledDate: null, scheduledTime: null, takenAt: new Date('2026-11-21T10:00:00Z') }); // yesterday, 19:00
      // Yesterday's log is not today's.
      await createDose(db, metformin, { scheduledDate: '2026-11-21', scheduledTime: '20:00', takenAt: new Date('2026-11-21T11:00:00Z') });

      const facts = await loadPatientFacts(db, { id: user.id }, now);
      expect(facts).toMatchObject({ timeZone: 'Asia/Tokyo', today: '2026-11-22', clock: '12:00' });
      const dose = (m: { id: number; name: string; strength: string | null; dose: string | null }, time: string | null) => ({
        medicationId: m.id,
        name: m.name,
        strength: m.strength,
        dose: m.dose,
        time,
      });
      expect(facts.todaysDoses).toEqual([
        { ...dose(early, '00:30'), logged: 'taken', takenAt: '23:50 on November 21', reason: null },
        { ...dose(lisinopril, '07:00'), logged: 'skipped', takenAt: null, reason: 'Felt dizzy' },
        { ...dose(metformin, '08:00'), logged: 'taken', takenAt: '08:05', reason: null },
        { ...dose(inhaler, null), logged: 'taken', takenAt: '10:30', reason: null },
        { ...dose(metformin, '20:00'), logged: null, takenAt: null, reason: null },
      ]);
    });
  });

  describe('readings', () => {
    /** A reading of a number in its chart unit (mg/dL, %), as the API stores it. */
    const quantity = (code: string, value: number, unit: string, takenAt: string, overrides: Parameters<typeof createObservation>[2] = {}) => ({
      kind: 'laboratory' as const,
      code,
      valueType: 'quantity' as const,
      value,
      secondValue: null,
      unit,
      chartValue: value,
      secondChartValue: null,
      takenAt: new Date(takenAt),
      ...overrides,
    });
    const bloodPressure = (systolic: number, diastolic: number, takenAt: string) => ({
      value: systolic,
      secondValue: diastolic,
      chartValue: systolic,
      secondChartValue: diastolic,
      takenAt: new Date(takenAt),
    });

    /**
     * A patient in New York with blood pressure read three times in the last 30 days and twice in the 30 before (and once
     * before those), a lab's glucose, LDL cholesterol with the lab's own range, an A1c in March and a urine glucose in
     * words; and another patient with readings of their own, never known.
     */
    async function patientWithReadings() {
      const user = await createUser(db, { timeZone: 'America/New_York' });
      const other = await createUser(db, { timeZone: 'America/New_York' });
      for (const [systolic, diastolic, takenAt] of [
        [120, 78, '2026-09-01T12:00:00Z'],
        [124, 80, '2026-10-10T12:00:00Z'],
        [128, 80, '2026-10-20T12:00:00Z'],
        [130, 84, '2026-11-07T12:00:00Z'],
        [134, 86, '2026-11-14T12:00:00Z'],
        // 22:00 on November 20 in New York.
        [138, 88, '2026-11-21T03:00:00Z'],
      ] as const) {
        await createObservation(db, user.id, bloodPressure(systolic, diastolic, takenAt));
      }
      await createObservation(db, user.id, quantity('2345-7', 104, 'mg/dL', '2026-11-03T14:00:00Z'));
      await createObservation(db, user.id, quantity('18262-6', 142, 'mg/dL', '2026-11-03T14:00:00Z', { referenceLow: 0, referenceHigh: 129 }));
      await createObservation(db, user.id, quantity('4548-4', 6.1, '%', '2026-03-03T15:00:00Z'));
      await createObservation(db, user.id, {
        kind: 'laboratory',
        code: '25428-4',
        valueType: 'text',
        value: null,
        secondValue: null,
        valueText: 'negative',
        unit: null,
        chartValue: null,
        secondChartValue: null,
        takenAt: new Date('2026-11-03T14:00:00Z'),
      });
      // Another patient's: a later, higher blood pressure and readings of measures the patient has none of.
      await createObservation(db, other.id, bloodPressure(200, 130, '2026-11-22T01:00:00Z'));
      await createObservation(db, other.id, bloodPressure(90, 50, '2026-10-15T12:00:00Z'));
      await createObservation(db, other.id, quantity('2345-7', 300, 'mg/dL', '2026-11-10T14:00:00Z'));
      await createObservation(db, other.id, quantity('3016-3', 9, 'm[IU]/L', '2026-11-10T14:00:00Z', { kind: 'laboratory' }));
      await createObservation(db, other.id, { ...quantity('29463-7', 80, 'kg', '2026-11-10T14:00:00Z'), kind: 'vital-sign' });
      return { user, other };
    }

    it("are the newest of each measure the patient has, in their units with its flag, the earlier ones and the last two 30-day means; never another's", async () => {
      const { user, other } = await patientWithReadings();
      const facts = await loadPatientFacts(db, { id: user.id }, NOW);
      const bloodPressureFacts: MeasureReadings = {
        latest: {
          code: '85354-9',
          name: 'Blood pressure',
          kind: 'vital-sign',
          date: '2026-11-20',
          number: 138,
          second: 88,
          value: '138/88 mmHg',
          flag: 'high',
          range: '90/60–129/79 mmHg',
          labRange: false,
        },
        unit: 'mmHg',
        decimals: 0,
        earlier: [
          { date: '2026-11-14', number: 134, second: 86 },
          { date: '2026-11-07', number: 130, second: 84 },
          { date: '2026-10-20', number: 128, second: 80 },
          { date: '2026-10-10', number: 124, second: 80 },
          { date: '2026-09-01', number: 120, second: 78 },
        ],
        recentMean: { count: 3, number: 134, second: 86 },
        previousMean: { count: 2, number: 126, second: 80 },
      };
      const lab = (latest: Partial<MeasureReadings['latest']> & Pick<MeasureReadings['latest'], 'code' | 'name' | 'value'>, rest: Partial<MeasureReadings>): MeasureReadings => ({
        latest: { kind: 'laboratory', date: '2026-11-03', number: null, second: null, flag: null, range: null, labRange: false, ...latest },
        unit: null,
        decimals: 1,
        earlier: [],
        recentMean: null,
        previousMean: null,
        ...rest,
      });
      // In the measures table's order: the vital signs, then the lipid panel, then diabetes, then the urinalysis.
      expect(facts.readings).toEqual([
        bloodPressureFacts,
        lab(
          { code: '18262-6', name: 'LDL cholesterol', number: 142, value: '142 mg/dL', flag: 'high', range: '0–129 mg/dL', labRange: true },
          { unit: 'mg/dL', recentMean: { count: 1, number: 142, second: null } },
        ),
        lab({ code: '4548-4', name: 'Hemoglobin A1c', date: '2026-03-03', number: 6.1, value: '6.1 %', flag: 'high', range: '4–5.6 %' }, { unit: '%' }),
        lab(
          { code: '2345-7', name: 'Glucose', number: 104, value: '104 mg/dL', flag: 'high', range: '70–99 mg/dL' },
          { unit: 'mg/dL', recentMean: { count: 1, number: 104, second: null } },
        ),
        lab({ code: '25428-4', name: 'Urine glucose', value: 'negative' }, { decimals: 0 }),
      ]);

      // The other patient's are theirs alone: their own blood pressure, and measures the patient has none of.
      const theirs = await loadPatientFacts(db, { id: other.id }, NOW);
      expect(theirs.readings?.map(({ latest }) => [latest.name, latest.value, latest.flag])).toEqual([
        ['Blood pressure', '200/130 mmHg', 'critical-high'],
        ['Weight', '176.4 lb', null],
        ['Glucose', '300 mg/dL', 'high'],
        ['TSH', '9 mIU/L', 'high'],
      ]);
      expect(theirs.readings?.[0]).toMatchObject({ earlier: [{ date: '2026-10-15', number: 90, second: 50 }], recentMean: { count: 1 }, previousMean: { count: 1 } });
    });

    it("are in the patient's units: metric when they prefer it", async () => {
      const { user } = await patientWithReadings();
      await db.update(users).set({ unitSystem: 'metric' }).where(eq(users.id, user.id));
      const readings = (await loadPatientFacts(db, { id: user.id }, NOW)).readings;
      const byName = (name: string) => readings.find((measure) => measure.latest.name === name);
      expect(byName('Glucose')).toMatchObject({
        latest: { number: 5.8, value: '5.8 mmol/L', flag: 'high', range: '3.9–5.5 mmol/L' },
        unit: 'mmol/L',
        recentMean: { count: 1, number: 5.8 },
      });
      // The lab's range, converted as the value is.
      expect(byName('LDL cholesterol')?.latest).toMatchObject({ value: '3.7 mmol/L', range: '0–3.3 mmol/L', labRange: true, flag: 'high' });
      expect(byName('Blood pressure')?.latest.value).toBe('138/88 mmHg');
    });

    it('keep five readings before the newest, however many there are', async () => {
      const user = await createUser(db);
      for (let day = 1; day <= 9; day++) {
        await createObservation(db, user.id, { ...quantity('29463-7', 80 + day, 'kg', `2026-11-${String(day).padStart(2, '0')}T12:00:00Z`), kind: 'vital-sign' });
      }
      const [weight] = (await loadPatientFacts(db, { id: user.id }, NOW)).readings;
      expect(weight?.latest.value).toBe('196.2 lb');
      expect(weight?.earlier.map((point) => point.number)).toEqual([194, 191.8, 189.6, 187.4, 185.2]);
      expect(weight?.recentMean).toEqual({ count: 9, number: 187.4, second: null });
      expect(weight?.previousMean).toBeNull();
    });
  });

  it('reads medications, allergies and conditions as typed, trimmed, and blank as none', async () => {
    const user = await createUser(db, { medications: '  Lisinopril 10 mg\nMetformin  ', allergies: '   ', existingConditions: null });
    const facts = await loadPatientFacts(db, { id: user.id }, NOW);
    expect(facts).toMatchObject({ medications: 'Lisinopril 10 mg\nMetformin', allergies: null, conditions: null });
  });
});

describe('describeFacts', () => {
  it('summarises the demo patient in a few plain lines', async () => {
    await seedIfEmpty(db, NOW);
    await db.update(users).set({ medications: 'Lisinopril 10 mg.\nVitamin D' }).where(eq(users.id, demo.id));
    const text = describeFacts(await loadPatientFacts(db, demo, NOW));
    expect(text.split('\n')).toEqual([
      'Patient: Alex Morgan. Today: Sunday, November 22, 2026.',
      'Upcoming appointments: Eye Examination with Dr. James Patel (Optometry) on Tuesday, December 1, 2026 at 2:00 PM.',
      'Preventative care: Dental Cleaning OVERDUE, due 2026-11-10; Eye Examination scheduled, due 2026-12-01; Blood Pressure Check due soon, due 2027-01-22; ' +
        'Cholesterol Screening upcoming, due 2027-04-22; Flu Vaccine upcoming, due 2027-10-22; Flu Vaccine completed 2026-10-22.',
      'Insurance: Blue Cross Blue Shield PPO (primary); deductible $650 of $1,500 met (43%); out-of-pocket maximum $1,200 of $5,000 met (24%). ' +
        'Benefits (in network / out of network): Preventive care: 100% covered / 70% after deductible; Primary care visit: $25 copay / 60% after deductible; ' +
        'Specialist visit: $50 copay / 60% after deductible; Emergency room: $250 copay / $250 copay; Prescription drugs (generic): $10 copay / Not covered; ' +
        'Vision exam: $15 copay / 50% after deductible.',
      'Medical records: 2 on file; latest lab-results-cbc.pdf ("Blood work from the annual physical"), uploaded 2026-11-19.',
      'Medications list (current): Albuterol 90 mcg per puff, 2 puffs as needed, instructions "Before exercise or when wheezing; at most 8 puffs a day", for "Exercise-induced asthma", ' +
        '1 refill left, 140 on hand; Atorvastatin 20 mg, 1 tablet every day at 22:00, for "High cholesterol", 5 refills left, 18 on hand; ' +
        'Lisinopril 10 mg, 1 tablet every day at 08:00, for "High blood pressure", 3 refills left, 24 on hand; ' +
        'Metformin 500 mg, 1 tablet every day at 08:00 and 20:00, instructions "Take with food", for "Type 2 diabetes", 2 refills left, 41 on hand.',
      "Today's doses from the dose log (the time now is 12:00): Lisinopril 10 mg at 08:00 not logged; Metformin 500 mg at 08:00 not logged; " +
        'Metformin 500 mg at 20:00 still due; Atorvastatin 20 mg at 22:00 still due.',
      'Vitals (the newest of each): Blood pressure 128/82 mmHg on 2026-11-15, HIGH (usual range 90/60–129/79 mmHg); Weight 170 lb on 2026-10-21.',
      "Lab results (the newest of each): Total cholesterol 212 mg/dL on 2026-09-22, HIGH (the lab's range 199 mg/dL or less); " +
        "HDL cholesterol 52 mg/dL on 2026-09-22, in range (the lab's range 40 mg/dL or more); LDL cholesterol 131 mg/dL on 2026-09-22, HIGH (the lab's range 99 mg/dL or less); " +
        "Triglycerides 145 mg/dL on 2026-09-22, in range (the lab's range 149 mg/dL or less); Hemoglobin A1c 5.6 % on 2026-09-22, in range (the lab's range 5.6 % or less); " +
        "Glucose 94 mg/dL on 2026-09-22, in range (the lab's range 70–99 mg/dL).",
      'Trends (the mean of the readings of the last 30 days and of the 30 days before; the readings before the newest, newest first): ' +
        'Blood pressure: last 30 days 129/83 mmHg (4 readings), the 30 days before 130/83 mmHg (4 readings), before the newest 132/85 mmHg on 2026-11-08, ' +
        '127/81 mmHg on 2026-11-01, 129/83 mmHg on 2026-10-25, 134/86 mmHg on 2026-10-18, 128/82 mmHg on 2026-10-11; ' +
        'Weight: last 30 days none, the 30 days before 170 lb (1 reading), before the newest 170.9 lb on 2026-09-21, 171.7 lb on 2026-08-21, 172.4 lb on 2026-07-21.',
      'Medications noted in My Profile (free text): "Lisinopril 10 mg; Vitamin D".',
      'Allergies: "Penicillin; Grass pollen".',
      'Existing conditions: none recorded.',
    ]);
  });

  it("gives at most 30 medications and 40 of today's doses, and says how many more the Medications page has", () => {
    const [medication] = DEMO_FACTS.medicationList.current;
    const [dose] = DEMO_FACTS.todaysDoses;
    const text = describeFacts({
      ...NOTHING_ON_FILE,
      medicationList: { current: Array.from({ length: 32 }, (_, index) => ({ ...medication!, id: 100 + index, name: `Medicine ${index + 1}` })), past: [] },
      todaysDoses: Array.from({ length: 41 }, () => dose!),
    });
    expect(text).toContain('Medicine 30 ');
    expect(text).not.toContain('Medicine 31 ');
    expect(text).toContain('; and 2 more on the Medications page.');
    expect(text.split('Lisinopril 10 mg at 08:00 not logged')).toHaveLength(41);
    expect(text).toContain('; and 1 more on the Medications page.');
  });

  it('gives at most 40 measures of each kind, and says how many more their page has', () => {
    const lab = DEMO_FACTS.readings[2]!;
    const text = describeFacts({
      ...NOTHING_ON_FILE,
      readings: Array.from({ length: 42 }, (_, index) => ({ ...lab, latest: { ...lab.latest, name: `Test ${index + 1}` } })),
    });
    expect(text).toContain('Vitals: none on the Vitals page.');
    expect(text).toContain('Test 40 212 mg/dL');
    expect(text).not.toContain('Test 41 ');
    expect(text).toContain('; and 2 more on the Lab Results page.');
    // Nothing before the newest: no trend to describe.
    expect(text).not.toContain('Trends');
  });

  it('says what is missing for a patient with nothing on file', async () => {
    const text = describeFacts(await loadPatientFacts(db, demo, NOW));
    for (const line of [
      'Patient: not set up yet.',
      'Upcoming appointments: none scheduled.',
      'Preventative care: no items on file.',
      'Insurance: no plan on file.',
      'Medical records: none on file.',
      'Medications list (current): none on the Medications page.',
      "Today's doses from the dose log (the time now is 12:00): none due and none taken.",
      'Vitals: none on the Vitals page.',
      'Lab results: none on the Lab Results page.',
    ]) {
      expect(text).toContain(line);
    }
  });
});
