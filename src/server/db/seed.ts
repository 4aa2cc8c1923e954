import { addDays, addMinutes, addMonths, formatISO, startOfWeek, subDays, subHours, subMinutes, subMonths } from 'date-fns';
import { sql } from 'drizzle-orm';
import { CURRENT_USER_ID } from '../../shared/rules/patient';
import { describeActivity, type DescribedActivity } from '../../shared/rules/activities';
import { careStanding } from '../../shared/rules/care';
import { medicationTitle, type DoseStatus } from '../../shared/rules/medications';
import { DOSE_MISSED_AFTER_MINUTES } from '../../shared/rules/notifications';
import { careDigestWords, doseDueWords, doseMissedWords, type NotificationWords } from '../../shared/rules/notification-text';
import type { StoredCareStatus } from '../../shared/rules/statuses';
import { formatDate } from '../../shared/rules/formats';
import { CODE_SYSTEMS } from '../../shared/rules/codes';
import type { Database } from './client';
import { storeDocumentChunks, toChunks } from './document-bytes';
import { measureOf } from '../../shared/rules/measures';
import { syncUserIdSequence } from './patient-account';
import { samplePdf, samplePng } from './sample-documents';
import {
  activities,
  allergies,
  appointments,
  conditions,
  immunizations,
  observations,
  insuranceBenefits,
  installation,
  insurancePlans,
  medicalRecords,
  medicationDoses,
  medications,
  notifications,
  preventativeCare,
  providers,
  users,
} from './schema/index';

const day = (date: Date) => formatISO(date, { representation: 'date' });

/** Any number from this constant identifies our seeding lock among other advisory locks. */
const SEED_LOCK_KEY = 727_274_002;

/**
 * Seeds the demo patient when the database has no user and no installation row, and says whether it did. The
 * check and the seed run in one transaction under an advisory lock, so processes starting together seed once.
 * The installation row is written when the demo is left or onboarding skipped: a database without a user is then
 * one whose patient has not been created yet, and the demo must not come back on the next start.
 */
export async function seedIfEmpty(db: Database, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(users);
    if ((row?.count ?? 0) > 0) return false;
    const [setUp] = await tx.select({ id: installation.id }).from(installation);
    if (setUp) return false;
    await seedDemoData(db, tx, now);
    return true;
  });
}

/**
 * The demo patient of a fresh install, with dates relative to `now` so that the overdue item is
 * overdue and the scheduled visit is ahead whenever the app is first started.
 */
async function seedDemoData(db: Database, tx: Database, now: Date): Promise<void> {
  const [user] = await tx
    .insert(users)
    .values({
      // The app serves user 1 (the spec's fixed patient), whatever the id sequence says.
      id: CURRENT_USER_ID,
      username: 'alex',
      displayName: 'Alex Morgan',
      email: 'alex.morgan@example.com',
      phoneNumber: '(555) 123-4567',
      dateOfBirth: '1979-04-12',
      // The demo counts as onboarded: the wizard is for a patient's own data.
      isDemo: true,
      onboardedAt: now,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('seed: no user');
  const userId = user.id;
  await syncUserIdSequence(tx);

  const [dentist, optometrist, primaryCare] = await tx
    .insert(providers)
    .values([
      { userId, name: 'Dr. Sarah Chen', specialty: 'Dentistry', phone: '(555) 201-3300', address: '12 Harbor Street, Suite 4, Springfield' },
      { userId, name: 'Dr. James Patel', specialty: 'Optometry', phone: '(555) 201-4410', address: '88 Elm Avenue, Springfield' },
      { userId, name: 'Dr. Maria Lopez', specialty: 'Primary Care', phone: '(555) 201-5520', address: '300 Main Street, Springfield' },
    ])
    .returning({ id: providers.id });
  if (!dentist || !optometrist || !primaryCare) throw new Error('seed: no providers');

  const [plan] = await tx
    .insert(insurancePlans)
    .values({
      userId,
      provider: 'Blue Cross Blue Shield',
      memberId: 'XYZ123456789',
      groupNumber: 'GRP-4521',
      planType: 'PPO',
      effectiveDate: `${now.getFullYear()}-01-01`,
      deductible: 1500,
      deductibleMet: 650,
      outOfPocketMax: 5000,
      outOfPocketMet: 1200,
      isPrimary: true,
    })
    .returning({ id: insurancePlans.id });
  if (!plan) throw new Error('seed: no plan');
  await tx.insert(insuranceBenefits).values(
    [
      ['Preventive care', '100% covered', '70% after deductible'],
      ['Primary care visit', '$25 copay', '60% after deductible'],
      ['Specialist visit', '$50 copay', '60% after deductible'],
      ['Emergency room', '$250 copay', '$250 copay'],
      ['Prescription drugs (generic)', '$10 copay', 'Not covered'],
      ['Vision exam', '$15 copay', '50% after deductible'],
    ].map(([serviceName, inNetworkCoverage, outOfNetworkCoverage]) => ({
      insuranceId: plan.id,
      serviceName: serviceName!,
      inNetworkCoverage: inNetworkCoverage!,
      outOfNetworkCoverage: outOfNetworkCoverage!,
    })),
  );

  const care = await tx
    .insert(preventativeCare)
    .values([
      // Upcoming and due 12 days ago, so it is shown overdue ('overdue' is never stored).
      { userId, careName: 'Dental Cleaning', category: 'Dental', dueDate: day(subDays(now, 12)), status: 'upcoming', recurringMonths: 6, lastCompleted: day(subMonths(now, 6)), notes: 'Every 6 months' },
      { userId, careName: 'Eye Examination', category: 'Vision', dueDate: day(addDays(now, 9)), status: 'scheduled', recurringMonths: 24 },
      { userId, careName: 'Blood Pressure Check', dueDate: day(addMonths(now, 2)), status: 'upcoming', recurringMonths: 24, notes: 'At least every 2 years' },
      { userId, careName: 'Cholesterol Screening', dueDate: day(addMonths(now, 5)), status: 'upcoming', recurringMonths: 60, notes: 'Every 5 years' },
      { userId, careName: 'Flu Vaccine', dueDate: day(subMonths(now, 1)), status: 'completed', recurringMonths: 12, lastCompleted: day(subMonths(now, 1)) },
      // Completing recurring care brings its next round as a new item (issue 12): the flu vaccine's is next season's.
      { userId, careName: 'Flu Vaccine', dueDate: day(addMonths(subMonths(now, 1), 12)), status: 'upcoming', recurringMonths: 12, lastCompleted: day(subMonths(now, 1)) },
    ])
    .returning({ id: preventativeCare.id, careName: preventativeCare.careName, status: preventativeCare.status, dueDate: preventativeCare.dueDate });

  const eyeExam = care.find((item) => item.careName === 'Eye Examination');
  if (!eyeExam) throw new Error('seed: no eye examination');

  const visits = await tx
    .insert(appointments)
    .values([
      { userId, providerId: primaryCare.id, appointmentType: 'Annual Physical', appointmentDate: day(subMonths(now, 2)), appointmentTime: '09:30', status: 'completed', notes: 'Bring vaccination record' },
      { userId, providerId: optometrist.id, appointmentType: 'Eye Examination', appointmentDate: day(addDays(now, 9)), appointmentTime: '14:00', status: 'scheduled', careItemId: eyeExam.id },
      { userId, providerId: dentist.id, appointmentType: 'Dental Cleaning', appointmentDate: day(subDays(now, 20)), appointmentTime: 'morning', status: 'cancelled', notes: 'Rescheduling after travel' },
    ])
    .returning({ id: appointments.id });

  const documents = [
    {
      filename: 'lab-results-cbc.pdf',
      fileType: 'application/pdf' as const,
      bytes: samplePdf('Complete Blood Count', ['Patient: Alex Morgan', 'Hemoglobin: 14.1 g/dL (normal)', 'White cells: 6.2 x10^9/L (normal)']),
      description: 'Blood work from the annual physical',
      uploadDate: subDays(now, 3),
    },
    {
      filename: 'insurance-card-front.png',
      fileType: 'image/png' as const,
      bytes: samplePng(),
      description: 'Insurance card (front)',
      uploadDate: subDays(now, 40),
    },
  ];
  for (const { bytes, ...document } of documents) {
    const [record] = await tx
      .insert(medicalRecords)
      .values({ ...document, userId, fileSize: bytes.length, insuranceId: document.fileType === 'image/png' ? plan.id : null })
      .returning({ id: medicalRecords.id });
    if (!record) throw new Error('seed: no record');
    await storeDocumentChunks(db, tx, record.id, toChunks(bytes));
  }

  const { atorvastatin, lastTaken, rows: medicationRows } = await seedMedications(tx, userId, primaryCare.id, now);
  await seedHealthLists(tx, userId, now);
  await seedReadings(tx, userId, now);
  await seedNotifications(tx, userId, now, care, medicationRows);

  const eyeExamDate = formatDate(day(addDays(now, 9)));
  const recent: Array<[DescribedActivity, Date, number | undefined]> = [
    [describeActivity('record_uploaded', { filename: 'lab-results-cbc.pdf' }), subDays(now, 3), undefined],
    [describeActivity('appointment_scheduled', { type: 'Eye Examination', provider: 'Dr. James Patel', date: eyeExamDate }), subHours(now, 30), visits[1]?.id],
    [describeActivity('care_completed', { careName: 'Flu Vaccine' }), subDays(now, 30), care[4]?.id],
    [describeActivity('care_reminder', { careName: 'Dental Cleaning' }), subMinutes(now, 45), care[0]?.id],
    [describeActivity('insurance_updated', { provider: 'Blue Cross Blue Shield' }), subDays(now, 10), plan.id],
    [describeActivity('medication_started', { name: 'Atorvastatin' }), subMonths(now, 3), atorvastatin],
    [describeActivity('dose_logged', { name: lastTaken.name }), lastTaken.takenAt, lastTaken.medicationId],
  ];
  await tx.insert(activities).values(
    recent.map(([activity, timestamp, relatedItemId]) => ({ userId, ...activity, timestamp, relatedItemId: relatedItemId ?? null })),
  );
}

/** A day's scheduled dose that the demo's log leaves out or records otherwise than taken on time: by days ago. */
const DEMO_DOSE_EXCEPTIONS: Record<string, { status: DoseStatus; reason?: string } | 'not logged'> = {
  'Metformin 20:00 3': { status: 'missed' },
  'Metformin 20:00 6': { status: 'skipped', reason: 'Skipped dinner' },
  'Metformin 20:00 10': 'not logged',
  'Lisinopril 08:00 5': 'not logged',
  'Atorvastatin 22:00 2': { status: 'missed', reason: 'Fell asleep early' },
  'Atorvastatin 22:00 9': 'not logged',
};

/** The days ago, of the last two weeks, that the inhaler was used, and at what time. */
const DEMO_INHALER_USES: Array<[number, number, number]> = [
  [12, 17, 40],
  [8, 7, 15],
  [4, 18, 5],
];

const snomed = (code: string, display: string) => [{ system: CODE_SYSTEMS.snomed, code, display }];
const cvx = (code: string, display: string) => [{ system: CODE_SYSTEMS.cvx, code, display }];

/**
 * The demo's health lists (issue 34), coded as a hospital's record would send them: a bronchitis that is over (no
 * current condition, as the spec's demo has none), two allergies, the flu vaccine its completed care item records and
 * a Tdap.
 */
async function seedHealthLists(tx: Database, userId: number, now: Date) {
  // Only a condition that is over: the spec's demo shows no existing conditions in My Profile or onboarding.
  await tx.insert(conditions).values([
    {
      userId,
      name: 'Acute bronchitis',
      codes: snomed('10509002', 'Acute bronchitis'),
      clinicalStatus: 'resolved',
      onsetDate: day(subMonths(now, 20)),
      abatementDate: day(addDays(subMonths(now, 20), 18)),
    },
  ]);
  await tx.insert(allergies).values([
    {
      userId,
      substance: 'Penicillin',
      codes: snomed('764146007', 'Penicillin'),
      type: 'allergy',
      criticality: 'high',
      reactions: [{ manifestation: 'Hives', severity: 'moderate' }],
      note: 'Reaction as a child',
    },
    { userId, substance: 'Grass pollen', codes: snomed('256277009', 'Grass pollen'), type: 'allergy', criticality: 'low', reactions: [{ manifestation: 'Sneezing', severity: 'mild' }] },
  ]);
  await tx.insert(immunizations).values([
    { userId, vaccine: 'Flu vaccine', codes: cvx('150', 'Influenza, injectable, quadrivalent, preservative free'), date: day(subMonths(now, 1)), site: 'Left arm', performer: 'Springfield Pharmacy' },
    { userId, vaccine: 'Tdap', codes: cvx('115', 'Tdap'), date: day(subMonths(now, 62)), doseNumber: 1, site: 'Left arm', performer: 'Dr. Maria Lopez' },
  ]);
}

/**
 * The demo's vitals and lab results (issue 35): a home blood-pressure cuff's weekly readings drifting a little high,
 * a monthly weight, and last spring's yearly panel from the lab (an LDL above its range, the rest within theirs).
 */
async function seedReadings(tx: Database, userId: number, now: Date) {
  // Each value is given in its measure's own unit, so it is its chart value too (observations/stored-reading.ts).
  const kindOf = (code: string) => measureOf(code)!.kind;
  const number = (code: string, takenAt: Date, value: number, unit: string, source: Source, range: { low?: number; high?: number } = {}) => ({
    userId,
    kind: kindOf(code),
    code,
    takenAt,
    valueType: 'quantity' as const,
    value,
    unit,
    chartValue: value,
    referenceLow: range.low ?? null,
    referenceHigh: range.high ?? null,
    ...source,
  });
  type Source = { source: 'device' | 'lab'; sourceName: string };
  const cuff: Source = { source: 'device', sourceName: 'Omron M7' };
  const scale: Source = { source: 'device', sourceName: 'Withings Body+' };
  const lab: Source = { source: 'lab', sourceName: 'Springfield Lab' };
  const pressures: Array<[number, number]> = [[126, 80], [131, 84], [128, 82], [134, 86], [129, 83], [127, 81], [132, 85], [128, 82]];
  const drawn = subMonths(now, 2);
  await tx.insert(observations).values([
    ...pressures.map(([systolic, diastolic], index) => ({
      userId,
      kind: kindOf('85354-9'),
      code: '85354-9',
      takenAt: subHours(subDays(now, 7 * (pressures.length - index)), 12),
      valueType: 'blood-pressure' as const,
      value: systolic,
      secondValue: diastolic,
      unit: 'mm[Hg]',
      chartValue: systolic,
      secondChartValue: diastolic,
      ...cuff,
    })),
    ...[78.2, 77.9, 77.5, 77.1].map((kg, index) => number('29463-7', subHours(subMonths(now, 4 - index), 14), kg, 'kg', scale)),
    number('2093-3', drawn, 212, 'mg/dL', lab, { high: 199 }),
    number('2085-9', drawn, 52, 'mg/dL', lab, { low: 40 }),
    number('18262-6', drawn, 131, 'mg/dL', lab, { high: 99 }),
    number('2571-8', drawn, 145, 'mg/dL', lab, { high: 149 }),
    number('4548-4', drawn, 5.6, '%', lab, { high: 5.6 }),
    number('2345-7', drawn, 94, 'mg/dL', lab, { low: 70, high: 99 }),
  ]);
}

/**
 * The demo's medications (issue 32), prescribed by its primary care provider, and the two weeks of dose log before
 * today, mostly taken a few minutes after the time. The demo patient has no time zone, so their clock is the machine's,
 * as `now`'s local fields are; today's doses are left for the patient to log. Each was added on the day it was started,
 * so that adherence counts the two weeks.
 */
async function seedMedications(tx: Database, userId: number, prescriberId: number, now: Date) {
  const prescribed = { userId, form: 'tablet' as const, route: 'By mouth', prescriber: 'Dr. Maria Lopez', providerId: prescriberId, pharmacy: 'Springfield Pharmacy' };
  const rows = await tx
    .insert(medications)
    .values([
      { ...prescribed, name: 'Lisinopril', strength: '10 mg', dose: '1 tablet', reason: 'High blood pressure', startDate: day(subMonths(now, 14)), createdAt: subMonths(now, 14), refillsLeft: 3, quantityOnHand: 24, schedule: { kind: 'daily', times: ['08:00'] } },
      { ...prescribed, name: 'Metformin', strength: '500 mg', dose: '1 tablet', instructions: 'Take with food', reason: 'Type 2 diabetes', startDate: day(subMonths(now, 8)), createdAt: subMonths(now, 8), refillsLeft: 2, quantityOnHand: 41, schedule: { kind: 'daily', times: ['08:00', '20:00'] } },
      { ...prescribed, name: 'Atorvastatin', strength: '20 mg', dose: '1 tablet', reason: 'High cholesterol', startDate: day(subMonths(now, 3)), createdAt: subMonths(now, 3), refillsLeft: 5, quantityOnHand: 18, schedule: { kind: 'daily', times: ['22:00'] } },
      { ...prescribed, name: 'Albuterol', strength: '90 mcg per puff', form: 'inhaler', dose: '2 puffs', route: 'Inhaled', instructions: 'Before exercise or when wheezing; at most 8 puffs a day', reason: 'Exercise-induced asthma', startDate: day(subMonths(now, 26)), createdAt: subMonths(now, 26), refillsLeft: 1, quantityOnHand: 140, schedule: { kind: 'as-needed' } },
    ])
    .returning({ id: medications.id, name: medications.name, strength: medications.strength, schedule: medications.schedule });

  const at = (daysAgo: number, hours: number, minutes: number) => {
    const date = subDays(now, daysAgo);
    return new Date(date.getFullYear(), date.getMonth(), date.getDate(), hours, minutes);
  };
  const doses: Array<typeof medicationDoses.$inferInsert> = [];
  for (let daysAgo = 14; daysAgo >= 1; daysAgo--) {
    for (const medication of rows) {
      if (medication.schedule.kind !== 'daily') continue;
      for (const time of medication.schedule.times) {
        const exception = DEMO_DOSE_EXCEPTIONS[`${medication.name} ${time} ${daysAgo}`];
        if (exception === 'not logged') continue;
        const [hours, minutes] = time.split(':').map(Number) as [number, number];
        const late = (daysAgo * 7 + hours) % 25;
        const dose = { userId, medicationId: medication.id, scheduledDate: day(subDays(now, daysAgo)), scheduledTime: time };
        doses.push(
          exception
            ? { ...dose, status: exception.status, reason: exception.reason ?? null, takenAt: null, loggedAt: at(daysAgo, hours + 1, minutes) }
            : { ...dose, status: 'taken', takenAt: at(daysAgo, hours, minutes + late), loggedAt: at(daysAgo, hours, minutes + late + 1) },
        );
      }
    }
  }
  const inhaler = rows.find((medication) => medication.schedule.kind === 'as-needed');
  for (const [daysAgo, hours, minutes] of DEMO_INHALER_USES) {
    doses.push({ userId, medicationId: inhaler!.id, status: 'taken', takenAt: at(daysAgo, hours, minutes), loggedAt: at(daysAgo, hours, minutes + 2) });
  }
  await tx.insert(medicationDoses).values(doses);

  const taken = doses.filter((dose) => dose.status === 'taken').sort((a, b) => b.takenAt!.getTime() - a.takenAt!.getTime());
  const last = taken[0]!;
  return {
    rows,
    atorvastatin: rows.find((medication) => medication.name === 'Atorvastatin')!.id,
    lastTaken: { medicationId: last.medicationId, name: rows.find((medication) => medication.id === last.medicationId)!.name, takenAt: last.takenAt! },
  };
}

type SeededMedication = { id: number; name: string; strength: string | null; schedule: typeof medications.$inferSelect['schedule'] };

/**
 * The demo's three unread notifications (issue 33), so that the bell's first look is the spec's: '3', 'You have 3
 * unread notifications.'. Drawn from its data with the words the scheduler writes (rules/notification-text.ts): this
 * week's preventative care digest, the latest dose due, and the dose the log leaves out five days ago. Written as
 * dispatched: the demo's are never sent beyond the app. The scheduler leaves the demo patient alone, so these stay
 * all there is until the patient's own data takes over.
 */
async function seedNotifications(
  tx: Database,
  userId: number,
  now: Date,
  care: Array<{ status: StoredCareStatus; dueDate: string }>,
  rows: SeededMedication[],
): Promise<void> {
  const today = day(now);
  const standings = care.map((item) => careStanding(item.status, item.dueDate, today));
  const digest = careDigestWords({ overdue: standings.filter((s) => s === 'overdue').length, dueSoon: standings.filter((s) => s === 'due-soon').length });
  // The demo's clock is the machine's, as `now`'s local fields are (seedMedications says why).
  const at = (date: Date, time: string) => {
    const [hours, minutes] = time.split(':').map(Number) as [number, number];
    return new Date(date.getFullYear(), date.getMonth(), date.getDate(), hours, minutes);
  };
  const daily = rows.flatMap((medication) => (medication.schedule.kind === 'daily' ? medication.schedule.times.map((time) => ({ medication, time })) : []));
  // The latest dose due by now: today's, or before the first of today, yesterday's last.
  const dueToday = daily.filter(({ time }) => at(now, time) <= now);
  const dueOn = dueToday.length > 0 ? now : subDays(now, 1);
  const due = (dueToday.length > 0 ? dueToday : daily).reduce((later, dose) => (dose.time > later.time ? dose : later));
  // 'Lisinopril 08:00 5' days ago is not logged (DEMO_DOSE_EXCEPTIONS).
  const lisinopril = rows.find((medication) => medication.name === 'Lisinopril')!;
  const missedDue = at(subDays(now, 5), '08:00');
  const seeded: Array<{ kind: 'care-digest' | 'dose-due' | 'dose-missed'; subject: string; occurrence: string; words: NotificationWords; createdAt: Date }> = [
    { kind: 'care-digest', subject: 'care', occurrence: day(startOfWeek(now, { weekStartsOn: 1 })), words: digest, createdAt: subMinutes(now, 45) },
    {
      kind: 'dose-due',
      subject: `medication:${due.medication.id}`,
      occurrence: at(dueOn, due.time).toISOString(),
      words: doseDueWords({ title: medicationTitle(due.medication) }, due.time),
      createdAt: at(dueOn, due.time),
    },
    {
      kind: 'dose-missed',
      subject: `medication:${lisinopril.id}`,
      occurrence: missedDue.toISOString(),
      words: doseMissedWords({ title: medicationTitle(lisinopril) }, '08:00'),
      createdAt: addMinutes(missedDue, DOSE_MISSED_AFTER_MINUTES),
    },
  ];
  await tx.insert(notifications).values(
    seeded.map(({ words, ...notification }) => ({ userId, ...notification, title: words.title, discreetText: words.discreetText, link: words.link, dispatched: true })),
  );
}
