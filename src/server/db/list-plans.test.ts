import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageQuery } from '../../shared/contracts/paging';
import { describeActivity } from '../../shared/rules/activities';
import type { Patient } from '../core/patient';
import { activitiesPageQuery } from '../services/activity-log';
import { insuranceDocumentsPageQuery, medicalRecordsPageQuery } from '../services/medical-records';
import { doseLogPageQuery, takenCountsQuery } from '../services/medication-doses';
import { failedDeliveriesQuery, notificationsPageQuery, unreadCountQuery } from '../services/notifications/notifications';
import { observationsPageQuery } from '../services/observations';
import { createInsurancePlan, createMedication, createUser } from '../../testing/factories';
import { queryPlan } from '../../testing/query-plan';
import { createTestDatabase } from '../../testing/test-database';
import type { DatabaseHandle } from './client';
import { wipeData } from './reset';
import { activities, medicalRecords, medicationDoses, notificationDeliveries, notifications, observations } from './schema/index';

// Every query a list page runs is served by an index, shown by the database's own plan for a record of 10,000
// documents, 10,000 activities, 10,000 dose log entries, 10,000 notifications and 10,000 readings (ADR 19), on both
// databases.

const ROWS = 10_000;

// One database for the file, filled once: the plans only read it (useTestDatabase would empty it before every test).
let database: DatabaseHandle;
let patient: Patient;
/** The medication whose log holds a quarter of the entries. */
let medicationId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await wipeData(db);
  patient = { id: (await createUser(db)).id };
  const planId = (await createInsurancePlan(db, patient.id)).id;
  const start = Date.UTC(2000, 0, 1);
  for (let from = 0; from < ROWS; from += 1000) {
    await db.insert(medicalRecords).values(
      Array.from({ length: 1000 }, (_, n) => ({
        userId: patient.id,
        filename: `lab report ${from + n}.pdf`,
        fileType: 'application/pdf' as const,
        fileSize: 10_240,
        uploadDate: new Date(start + (from + n) * 3_600_000),
        // One in a hundred is filed under the plan.
        insuranceId: (from + n) % 100 === 0 ? planId : null,
      })),
    );
    await db.insert(activities).values(
      Array.from({ length: 1000 }, (_, n) => ({
        userId: patient.id,
        ...describeActivity('record_uploaded', { filename: `lab report ${from + n}.pdf` }),
        timestamp: new Date(start + (from + n) * 3_600_000),
      })),
    );
  }
  // Four medications, each logged once a day for 2,500 days.
  const medicationIds: number[] = [];
  for (const name of ['Lisinopril', 'Metformin', 'Atorvastatin', 'Levothyroxine']) medicationIds.push((await createMedication(db, patient.id, { name })).id);
  medicationId = medicationIds[1]!;
  for (let from = 0; from < ROWS; from += 1000) {
    await db.insert(medicationDoses).values(
      Array.from({ length: 1000 }, (_, n) => {
        const day = Math.floor((from + n) / medicationIds.length);
        const loggedAt = new Date(start + day * 86_400_000 + 8 * 3_600_000);
        return {
          userId: patient.id,
          medicationId: medicationIds[(from + n) % medicationIds.length]!,
          scheduledDate: loggedAt.toISOString().slice(0, 10),
          scheduledTime: '08:00',
          status: 'taken' as const,
          takenAt: loggedAt,
          loggedAt,
        };
      }),
    );
  }
  // The bell's list: a notification an hour, one in a hundred unread, each sent on one channel (one in fifty failed).
  for (let from = 0; from < ROWS; from += 1000) {
    const made = await db
      .insert(notifications)
      .values(
        Array.from({ length: 1000 }, (_, n) => ({
          userId: patient.id,
          kind: 'dose-due' as const,
          subject: 'medication:1',
          occurrence: String(from + n),
          title: 'Time for Lisinopril 10 mg (8:00)',
          discreetText: 'a dose at 8:00',
          link: '/medications',
          createdAt: new Date(start + (from + n) * 3_600_000),
          readAt: (from + n) % 100 === 0 ? null : new Date(start + (from + n) * 3_600_000),
          dispatched: true,
        })),
      )
      .returning({ id: notifications.id });
    await db.insert(notificationDeliveries).values(
      made.map(({ id }, n) => ({ notificationId: id, channel: 'email' as const, ...(n % 50 === 0 ? { state: 'failed' as const, attempts: 3 } : { state: 'sent' as const, sentAt: new Date() }) })),
    );
  }
  // Readings: a weight a day, every one a vital sign of one measure (the worst case for an index that leads with either).
  for (let from = 0; from < ROWS; from += 1000) {
    await db.insert(observations).values(
      Array.from({ length: 1000 }, (_, n) => ({
        userId: patient.id,
        kind: 'vital-sign' as const,
        code: '29463-7',
        takenAt: new Date(start + (from + n) * 86_400_000),
        valueType: 'quantity' as const,
        value: 80,
        unit: 'kg',
        chartValue: 80,
      })),
    );
  }
  await db.insert(medicalRecords).values({ userId: patient.id, filename: 'Cardiology letter.pdf', fileType: 'application/pdf', fileSize: 1 });
  await db.execute(sql`analyze medical_records`);
  await db.execute(sql`analyze activities`);
  await db.execute(sql`analyze medications`);
  await db.execute(sql`analyze medication_doses`);
  await db.execute(sql`analyze notifications`);
  await db.execute(sql`analyze notification_deliveries`);
  await db.execute(sql`analyze observations`);
}, 120_000);

afterAll(async () => {
  await database?.close();
});

const first: PageQuery = { limit: 50, q: undefined };
const later: PageQuery = { limit: 50, cursor: { micros: String(Date.UTC(2000, 6, 1) * 1000), id: 5000 }, q: undefined };
const search: PageQuery = { limit: 50, q: 'cardiology letter' };

type Query = Parameters<typeof queryPlan>[1];

/** Expects the query served by exactly `index`, and no full scan of a table. */
async function expectServedBy(query: Query, index: string) {
  const explained = await queryPlan(database.db, query);
  expect(explained.indexes, explained.text).toEqual([index]);
  expect(explained.text).not.toContain('Seq Scan');
}

/** Expects the query to read an index (`index` among them when given), and no full scan of a table. */
async function expectIndexed(query: Query, index?: string) {
  const explained = await queryPlan(database.db, query);
  if (index === undefined) expect(explained.indexes.length, explained.text).toBeGreaterThan(0);
  else expect(explained.indexes, explained.text).toContain(index);
  expect(explained.text).not.toContain('Seq Scan');
}

describe('the plans of the list pages, at 10,000 rows', () => {
  it('pages the documents by their (patient, time, id) index, from the start and from a cursor', async () => {
    for (const query of [first, later]) await expectServedBy(medicalRecordsPageQuery(database.db, patient, query), 'medical_records_user_upload_idx');
  });

  it('searches the documents by an index: the words index for a rare pair of words, and never the whole table', async () => {
    // One word may match many rows: reading the list's order index until a page is found can then be cheaper, and
    // the planner weighs the two. Two words match few, and the words index serves them.
    await expectIndexed(medicalRecordsPageQuery(database.db, patient, { limit: 50, q: 'cardio' }));
    await expectIndexed(medicalRecordsPageQuery(database.db, patient, search), 'medical_records_search_idx');
  });

  it('pages the insurance documents, one in a hundred, by their own partial (patient, time, id) index', async () => {
    for (const query of [first, later]) {
      await expectServedBy(insuranceDocumentsPageQuery(database.db, patient, query), 'medical_records_insurance_documents_idx');
    }
  });

  it('pages the activities by their (patient, time, id) index, and searches them by their words index', async () => {
    for (const query of [first, later]) await expectServedBy(activitiesPageQuery(database.db, patient, query), 'activities_user_time_idx');
    await expectIndexed(activitiesPageQuery(database.db, patient, { limit: 50, q: 'report 4242' }), 'activities_search_idx');
  });

  it("pages a medication's dose log by its (medication, logged, id) index, from the start and from a cursor", async () => {
    const logLater: PageQuery = { limit: 50, cursor: { micros: String(Date.UTC(2004, 0, 1) * 1000), id: 5000 }, q: undefined };
    for (const query of [first, logLater]) await expectServedBy(doseLogPageQuery(database.db, patient, medicationId, query), 'medication_doses_log_idx');
  });

  it("pages the bell's notifications by their (patient, time, id) index, counts the unread by their partial index, and reads a page's failed channels by the deliveries' (notification, channel) index", async () => {
    for (const query of [first, later]) await expectServedBy(notificationsPageQuery(database.db, patient, query), 'notifications_user_time_idx');
    await expectServedBy(unreadCountQuery(database.db, patient), 'notifications_unread_idx');
    const page = (await notificationsPageQuery(database.db, patient, first)).map((row) => (row as Record<string, unknown>).id as number);
    await expectServedBy(failedDeliveriesQuery(database.db, page), 'notification_deliveries_channel_idx');
  });

  it('pages the readings of a kind by the (patient, kind, time, id) index, and of one measure by the (patient, code, time, id) one', async () => {
    const readingsLater: PageQuery = { limit: 50, cursor: { micros: String(Date.UTC(2010, 0, 1) * 1000), id: 5000 }, q: undefined };
    for (const query of [first, readingsLater]) {
      await expectServedBy(observationsPageQuery(database.db, patient, { ...query, kind: 'vital-sign' }), 'observations_user_kind_idx');
      await expectServedBy(observationsPageQuery(database.db, patient, { ...query, code: '29463-7' }), 'observations_user_code_idx');
    }
  });

  it("counts adherence's taken doses of a 30-day window by the (patient, day) index", async () => {
    await expectServedBy(takenCountsQuery(database.db, patient, '2004-01-01', '2004-01-30'), 'medication_doses_user_date_idx');
  });
});
