import { addDays, addMonths, formatISO, subDays, subHours, subMinutes, subMonths } from 'date-fns';
import { sql } from 'drizzle-orm';
import { CURRENT_USER_ID } from '../../shared/rules/patient';
import { describeActivity, type DescribedActivity } from '../../shared/rules/activities';
import { formatDate } from '../../shared/rules/formats';
import type { Database } from './client';
import { storeDocumentChunks, toChunks } from './document-bytes';
import { syncUserIdSequence } from './patient-account';
import { samplePdf, samplePng } from './sample-documents';
import {
  activities,
  appointments,
  insuranceBenefits,
  installation,
  insurancePlans,
  medicalRecords,
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
    .returning({ id: preventativeCare.id, careName: preventativeCare.careName });

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

  const eyeExamDate = formatDate(day(addDays(now, 9)));
  const recent: Array<[DescribedActivity, Date, number | undefined]> = [
    [describeActivity('record_uploaded', { filename: 'lab-results-cbc.pdf' }), subDays(now, 3), undefined],
    [describeActivity('appointment_scheduled', { type: 'Eye Examination', provider: 'Dr. James Patel', date: eyeExamDate }), subHours(now, 30), visits[1]?.id],
    [describeActivity('care_completed', { careName: 'Flu Vaccine' }), subDays(now, 30), care[4]?.id],
    [describeActivity('care_reminder', { careName: 'Dental Cleaning' }), subMinutes(now, 45), care[0]?.id],
    [describeActivity('insurance_updated', { provider: 'Blue Cross Blue Shield' }), subDays(now, 10), plan.id],
  ];
  await tx.insert(activities).values(
    recent.map(([activity, timestamp, relatedItemId]) => ({ userId, ...activity, timestamp, relatedItemId: relatedItemId ?? null })),
  );
}
