import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CURRENT_USER_ID } from '../../../shared/rules/patient';
import { createAppointment, createDose, createMedicalRecord, createMedication, createObservation, createProvider, createUser } from '../../../testing/factories';
import { createTestDatabase } from '../../../testing/test-database';
import type { Database, DatabaseHandle } from '../../db/client';
import { wipeData } from '../../db/reset';
import { appointments, insurancePlans, medications, preventativeCare, providers } from '../../db/schema/index';
import { seedIfEmpty } from '../../db/seed';
import type { Patient } from '../../core/patient';
import { changeAppointmentStatus, scheduleAppointment } from '../appointments';
import { createInsuranceBenefit, updateInsurancePlan } from '../insurance';
import { logDose, updateDose } from '../medication-doses';
import { updateCareItem } from '../preventative-care';
import { updateUser } from '../users';
import { builtInReply } from './built-in-assistant';
import { NOT_MEDICAL_ADVICE } from './intent';

let database: DatabaseHandle;
let db: Database;
/** Noon, local time: the seed's dates and "today" (the demo patient has no time zone) are both local days. */
const NOW = new Date(2026, 10, 22, 12, 0);
const demo: Patient = { id: CURRENT_USER_ID };
const CALL_911 = 'Call 911 (or your local emergency number) now';

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
beforeEach(async () => {
  await wipeData(db);
  await seedIfEmpty(db, NOW);
});
afterAll(async () => {
  await database?.close();
});

const ask = (question: string) => builtInReply(db, demo, question, NOW);

async function demoId(table: typeof providers | typeof preventativeCare, name: string): Promise<number> {
  const column = table === providers ? providers.name : preventativeCare.careName;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.userId, demo.id), eq(column, name)));
  return row!.id;
}

async function demoMedicationId(name: string): Promise<number> {
  const [row] = await db
    .select({ id: medications.id })
    .from(medications)
    .where(and(eq(medications.userId, demo.id), eq(medications.name, name)));
  return row!.id;
}

async function demoPlanId(): Promise<number> {
  const [plan] = await db.select({ id: insurancePlans.id }).from(insurancePlans).where(eq(insurancePlans.userId, demo.id));
  return plan!.id;
}

describe('builtInReply on the seeded demo patient', () => {
  it.each<[string, string[]]>([
    ['When is my next appointment?', ['Eye Examination with Dr. James Patel (Optometry) on Tuesday, December 1, 2026 at 2:00 PM', '(in 9 days)']],
    ['What care is overdue or due soon?', ['Overdue: Dental Cleaning (due November 10, 2026)', 'Blood Pressure Check (due January 22, 2027)', 'Already scheduled: Eye Examination']],
    ['Is my dental cleaning overdue?', ['Dental Cleaning is overdue', '12 days ago', 'last completed on May 22, 2026']],
    ['How much of my deductible is left?', ['Blue Cross Blue Shield PPO plan', '$650 of $1,500 met (43%)', '$850 left to meet', '$1,200 of $5,000 met (24%)', '$3,800 left']],
    ['Is an eye exam covered?', ['Vision exam: $15 copay in network, 50% after deductible out of network']],
    ['What does my plan cover for a dental cleaning?', ["I couldn't find that service", 'Preventive care, Primary care visit', 'Vision exam']],
    ['How many records do I have?', ['2 medical records', 'lab-results-cbc.pdf ("Blood work from the annual physical")', 'November 19, 2026']],
    [
      'What medications am I on?',
      ['From your Medications list, you take: Albuterol 90 mcg per puff, 2 puffs as needed; Atorvastatin 20 mg, 1 tablet every day at 22:00; Lisinopril 10 mg, 1 tablet every day at 08:00; Metformin 500 mg, 1 tablet every day at 08:00 and 20:00.'],
    ],
    ['What do I take in the evening?', ['In the evening (17:00–20:59), you take: at 20:00, Metformin 500 mg (1 tablet; Take with food).']],
    ['did I take my Metformin today?', ["Not yet: your 08:00 dose of Metformin 500 mg isn't logged as taken and your 20:00 dose is still due."]],
    ['Do I have any allergies?', ['The allergies on file in My Profile: Penicillin; Grass pollen.']],
    ['What conditions do I have?', ['no existing conditions recorded']],
    ['How do I upload a record?', ['Medical Records', 'Upload New Record']],
    ['How do I book an appointment?', ['Appointments → Schedule New']],
    ['How do I add my appointment to my calendar?', ['Add to calendar', '.ics file']],
    ['Hello', ['Hello, Alex!']],
  ])('%j', async (question, expected) => {
    const reply = await ask(question);
    for (const fact of expected) expect(reply).toContain(fact);
  });

  it('gives careful general guidance and the not-medical-advice line to a question it does not know', async () => {
    const reply = await ask('Should I try intermittent fasting?');
    expect(reply).toContain("I'm not sure I understood that");
    expect(reply.endsWith(NOT_MEDICAL_ADVICE)).toBe(true);
  });

  it("never answers from another user's rows", async () => {
    const other = await createUser(db, { medications: 'Not yours' });
    const provider = await createProvider(db, other.id, { name: 'Dr. Not Yours' });
    await createAppointment(db, other.id, provider.id, { appointmentDate: '2026-11-23' });
    const theirs = await createMedication(db, other.id, { name: 'Warfarin', schedule: { kind: 'daily', times: ['18:00'] } });
    await createDose(db, theirs, { scheduledDate: '2026-11-22', scheduledTime: '18:00', takenAt: new Date(2026, 10, 22, 11, 0) });
    expect(await ask('When is my next appointment?')).toContain('Dr. James Patel');
    const medications = await ask('What medications am I on?');
    expect(medications).toContain('Metformin 500 mg');
    expect(medications).not.toMatch(/Not yours|Warfarin/);
    expect(await ask('did I take my Warfarin today?')).not.toContain('Warfarin');
    await createObservation(db, other.id, { value: 200, secondValue: 130, chartValue: 200, secondChartValue: 130, takenAt: new Date(2026, 10, 22, 9, 0) });
    expect(await ask('what was my last blood pressure?')).not.toContain('200/130');
  });
});

describe('the answers follow the data when it changes', () => {
  it('a visit booked sooner becomes the next appointment, and the eye exam again once it is cancelled', async () => {
    const dentist = await demoId(providers, 'Dr. Sarah Chen');
    const visit = await scheduleAppointment(db, demo, {
      providerId: dentist,
      appointmentType: 'Dental Cleaning',
      appointmentDate: '2026-11-25',
      appointmentTime: '09:00',
      notes: null,
    });
    const reply = await ask('When is my next appointment?');
    expect(reply).toContain('Your next appointment, from your Appointments: Dental Cleaning with Dr. Sarah Chen (Dentistry) on Wednesday, November 25, 2026 at 9:00 AM (in 3 days)');
    expect(reply).toContain('After that: Eye Examination with Dr. James Patel');

    await changeAppointmentStatus(db, demo, visit.id, 'cancelled');
    expect(await ask('When is my next appointment?')).toContain('Your next appointment, from your Appointments: Eye Examination');
  });

  it('says there is none, and how to book, once the only scheduled visit is cancelled', async () => {
    const [scheduled] = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.userId, demo.id), eq(appointments.status, 'scheduled')));
    await changeAppointmentStatus(db, demo, scheduled!.id, 'cancelled');
    expect(await ask('When is my next appointment?')).toContain("You don't have any upcoming appointments scheduled. To book one, go to Appointments → Schedule New.");
  });

  it("a change to the plan's amounts changes the deductible answer", async () => {
    await updateInsurancePlan(db, demo, await demoPlanId(), { deductibleMet: 1500, outOfPocketMet: 2000 });
    const reply = await ask("What's left on my deductible and out-of-pocket max?");
    expect(reply).toContain('Deductible: $1,500, met in full.');
    expect(reply).toContain('$2,000 of $5,000 met (40%), $3,000 left');
  });

  it('a benefit added to the plan answers the question about it', async () => {
    await createInsuranceBenefit(db, demo, {
      insuranceId: await demoPlanId(),
      serviceName: 'Dental cleaning',
      inNetworkCoverage: '100% covered',
      outOfNetworkCoverage: '80% after deductible',
    });
    expect(await ask('What does my plan cover for a dental cleaning?')).toContain(
      'Your Blue Cross Blue Shield PPO plan lists Dental cleaning: 100% covered in network, 80% after deductible out of network.',
    );
  });

  it('without a plan, says so', async () => {
    await db.delete(insurancePlans).where(eq(insurancePlans.userId, demo.id));
    expect(await ask('How much of my deductible is left?')).toContain("You don't have an insurance plan on file yet");
  });

  it('a dose logged is what "did I take it?" reads, and a medication paused has none due', async () => {
    const metformin = await demoMedicationId('Metformin');
    const dose = await logDose(db, demo, { medicationId: metformin, scheduledDate: '2026-11-22', scheduledTime: '08:00', status: 'taken', takenAt: new Date(2026, 10, 22, 8, 5), reason: null });
    expect(await ask('Did I take my Metformin today?')).toContain('You took Metformin 500 mg at 08:05. Not yet: your 20:00 dose is still due.');
    await updateDose(db, demo, dose.id, { status: 'skipped', reason: 'Skipped breakfast' });
    expect(await ask('Did I take my Metformin today?')).toContain('Your 08:00 dose of Metformin 500 mg is logged as skipped (Skipped breakfast) and your 20:00 dose is still due.');
    // Paused two days before NOW (the service pauses from the machine's real today, which NOW is not).
    await db.update(medications).set({ status: 'paused', pausedOn: '2026-11-20' }).where(eq(medications.id, await demoMedicationId('Lisinopril')));
    expect(await ask('did I take my lisinopril today?')).toContain('Lisinopril 10 mg is paused (since November 20, 2026), so no doses are due');
  });

  it('medications, allergies and conditions saved in My Profile are what the answers read', async () => {
    await updateUser(db, demo, { medications: 'Atorvastatin 20 mg', allergies: 'Penicillin, latex', existingConditions: 'High cholesterol' });
    expect(await ask('What medications am I on?')).toContain('Also noted in My Profile: Atorvastatin 20 mg.');
    expect(await ask('What am I allergic to?')).toContain('The allergies on file in My Profile: Penicillin, latex.');
    expect(await ask('What conditions do I have?')).toContain('The existing conditions on file in My Profile: High cholesterol.');
  });

  it('completing the overdue care leaves nothing overdue, and the item comes back for its next round', async () => {
    await updateCareItem(db, demo, await demoId(preventativeCare, 'Dental Cleaning'), { status: 'completed', lastCompleted: '2026-11-21' });
    const overdue = await ask('Is anything overdue?');
    expect(overdue).not.toContain('Dental Cleaning');
    expect(overdue).toContain('Due in the next three months: Blood Pressure Check (due January 22, 2027)');
    expect(await ask('When is my dental cleaning due?')).toContain('Dental Cleaning is next due on May 21, 2027. It was last completed on November 21, 2026.');
  });

  it('a reading recorded becomes the last one, and counts in the trend', async () => {
    // A blood pressure on the Vitals page this morning (the service records it as the API does; the factory as stored).
    await createObservation(db, demo.id, { value: 146, secondValue: 94, chartValue: 146, secondChartValue: 94, takenAt: new Date(2026, 10, 22, 8, 0) });
    expect(await ask('what was my last blood pressure?')).toContain(
      'Your last blood pressure was 146/94 mmHg on November 22, 2026 (usual range 90/60–129/79 mmHg: high).',
    );
    const trend = await ask('is my blood pressure going up?');
    expect(trend).toMatch(/^Your blood pressure averaged \d+\/\d+ mmHg over the last 30 days \(5 readings\), (up|down) from \d+\/\d+ mmHg in the 30 days before \(\d+ readings\)\./);
    expect(trend).toContain('Your latest was 146/94 mmHg on November 22, 2026');
    // A general question is still the general guidance's.
    expect(await ask('How can I lower my blood pressure?')).toContain('Less salt, regular activity');
  });

  it('a newly uploaded record becomes the latest', async () => {
    await createMedicalRecord(db, demo.id, { filename: 'mri-report.pdf', description: 'Knee MRI', uploadDate: new Date(2026, 10, 22, 9, 0) });
    expect(await ask('What records do I have?')).toContain('You have 3 medical records on file. The latest is mri-report.pdf ("Knee MRI"), uploaded on November 22, 2026.');
  });
});

describe('emergencies', () => {
  /** A database that fails on any use: an emergency must be answered without one. */
  const unreachable = new Proxy({} as Database, {
    get() {
      throw new Error('the database was used');
    },
  });

  it.each(['I have crushing chest pain', 'my husband cant breathe', 'I want to kill myself'])('%j is answered at once, without reading the database', async (question) => {
    const reply = await builtInReply(unreachable, demo, question, NOW);
    expect(reply.startsWith(CALL_911)).toBe(true);
  });

  it('reads the database for every other question (the stand-in above does fail when used)', async () => {
    await expect(builtInReply(unreachable, demo, 'When is my next appointment?', NOW)).rejects.toThrow('the database was used');
  });

  it('comes before the data the question also asks about', async () => {
    const reply = await ask('When is my next appointment? I have slurred speech and my face is drooping');
    expect(reply.startsWith(CALL_911)).toBe(true);
    expect(reply).not.toContain('Eye Examination');
  });

  it('comes before a medication the question names: "I took 20 of my Metformin pills" is an overdose', async () => {
    const reply = await builtInReply(unreachable, demo, 'I took 20 of my Metformin pills', NOW);
    expect(reply.startsWith(CALL_911)).toBe(true);
    expect(reply).toContain('Poison Control');
    expect(reply).not.toContain('500 mg');
  });
});
