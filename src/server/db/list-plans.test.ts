import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PageQuery } from '../../shared/contracts/paging';
import { describeActivity } from '../../shared/rules/activities';
import type { Patient } from '../http/current-patient';
import { activitiesPageQuery } from '../services/activity-log';
import { insuranceDocumentsPageQuery, medicalRecordsPageQuery } from '../services/medical-records';
import { createInsurancePlan } from '../../testing/factories';
import { useTestDatabase } from '../../testing/test-app';
import { activities, medicalRecords } from './schema/index';

// Every query a list page runs is served by an index, shown by the database's own plan for a record of 10,000
// documents and 10,000 activities (ADR 19), on both databases.

const t = useTestDatabase();
const ROWS = 10_000;

interface Explained {
  toSQL(): { sql: string; params: unknown[] };
}

/** The plan the database chooses for a query, as JSON text, and the indexes it reads. */
async function plan(query: Explained): Promise<{ text: string; indexes: string[] }> {
  const { sql: text, params } = query.toSQL();
  const client = (t.db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }> } }).$client;
  const result = await client.query(`explain (format json) ${text}`, params);
  const json = JSON.stringify(result.rows[0]!['QUERY PLAN']);
  return { text: json, indexes: [...json.matchAll(/"Index Name":"([^"]+)"/g)].map((match) => match[1]!) };
}

let patient: Patient;
let planId: number;

beforeEach(async () => {
  patient = { id: t.userId } as Patient;
  planId = (await createInsurancePlan(t.db, t.userId)).id;
  const start = Date.UTC(2000, 0, 1);
  for (let from = 0; from < ROWS; from += 1000) {
    await t.db.insert(medicalRecords).values(
      Array.from({ length: 1000 }, (_, n) => ({
        userId: t.userId,
        filename: `lab report ${from + n}.pdf`,
        fileType: 'application/pdf' as const,
        fileSize: 10_240,
        uploadDate: new Date(start + (from + n) * 3_600_000),
        // One in a hundred is filed under the plan.
        insuranceId: (from + n) % 100 === 0 ? planId : null,
      })),
    );
    await t.db.insert(activities).values(
      Array.from({ length: 1000 }, (_, n) => ({
        userId: t.userId,
        ...describeActivity('record_uploaded', { filename: `lab report ${from + n}.pdf` }),
        timestamp: new Date(start + (from + n) * 3_600_000),
      })),
    );
  }
  await t.db.insert(medicalRecords).values({ userId: t.userId, filename: 'Cardiology letter.pdf', fileType: 'application/pdf', fileSize: 1 });
  await t.db.execute(sql`analyze medical_records`);
  await t.db.execute(sql`analyze activities`);
}, 120_000);

const first: PageQuery = { limit: 50, q: undefined };
const later: PageQuery = { limit: 50, cursor: { micros: String(Date.UTC(2000, 6, 1) * 1000), id: 5000 }, q: undefined };
const search: PageQuery = { limit: 50, q: 'cardiology letter' };

describe('the plans of the list pages, at 10,000 rows', () => {
  it('pages the documents by their (patient, time, id) index, from the start and from a cursor', async () => {
    for (const query of [first, later]) {
      const explained = await plan(medicalRecordsPageQuery(t.db, patient, query));
      expect(explained.indexes, explained.text).toEqual(['medical_records_user_upload_idx']);
      expect(explained.text).not.toContain('Seq Scan');
    }
  });

  it('searches the documents by an index: the words index for a rare pair of words, and never the whole table', async () => {
    // One word may match many rows: reading the list's order index until a page is found can then be cheaper, and
    // the planner weighs the two. Two words match few, and the words index serves them.
    const oneWord = await plan(medicalRecordsPageQuery(t.db, patient, { limit: 50, q: 'cardio' }));
    expect(oneWord.indexes.length, oneWord.text).toBeGreaterThan(0);
    expect(oneWord.text).not.toContain('Seq Scan');
    const twoWords = await plan(medicalRecordsPageQuery(t.db, patient, search));
    expect(twoWords.indexes, twoWords.text).toContain('medical_records_search_idx');
    expect(twoWords.text).not.toContain('Seq Scan');
  });

  it('pages the insurance documents, one in a hundred, by their own partial (patient, time, id) index', async () => {
    for (const query of [first, later]) {
      const explained = await plan(insuranceDocumentsPageQuery(t.db, patient, query));
      expect(explained.indexes, explained.text).toEqual(['medical_records_insurance_documents_idx']);
      expect(explained.text).not.toContain('Seq Scan');
    }
  });

  it('pages the activities by their (patient, time, id) index, and searches them by their words index', async () => {
    for (const query of [first, later]) {
      const explained = await plan(activitiesPageQuery(t.db, patient, query));
      expect(explained.indexes, explained.text).toEqual(['activities_user_time_idx']);
      expect(explained.text).not.toContain('Seq Scan');
    }
    const searched = await plan(activitiesPageQuery(t.db, patient, { limit: 50, q: 'report 4242' }));
    expect(searched.indexes, searched.text).toContain('activities_search_idx');
    expect(searched.text).not.toContain('Seq Scan');
  });
});
