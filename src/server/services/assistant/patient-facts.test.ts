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
import { describeFacts, loadPatientFacts } from './patient-facts';

let database: DatabaseHandle;
let db: Database;
/** Noon, local time: the seed's dates and "today" (no time zone on the demo patient) are both local days. */
const NOW = new Date(2026, 10, 22, 12, 0);
const demo: Patient = { id: CURRENT_USER_ID };

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
    expect(await loadPatientFacts(db, demo, NOW)).toEqual(DEMO_FACTS);
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

    expect(await loadPatientFacts(db, demo, NOW)).toEqual(DEMO_FACTS);
    const theirs = await loadPatientFacts(db, { id: other.id }, NOW);
    expect(theirs.displayName).toBe('Other Person');
    expect(theirs.nextAppointments.map((a) => a.providerName)).toEqual(['Dr. Someone Else']);
    expect(theirs.plan?.benefits.map((b) => b.serviceName)).toEqual(['Not yours']);
    expect(theirs.records.count).toBe(1);
    expect(theirs.medicationList.current.map((m) => m.name)).toEqual(['Warfarin']);
    expect(theirs.todaysDoses).toMatchObject([{ name: 'Warfarin', time: '08:00', logged: 'taken', takenAt: '08:01' }]);
  });

  it('answers for a patient that does not exist yet (a first run) with nothing on file', async () => {
    expect(await loadPatientFacts(db, demo, NOW)).toEqual(NOTHING_ON_FILE);
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
    ]) {
      expect(text).toContain(line);
    }
  });
});
