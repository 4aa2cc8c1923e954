import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { medicalRecordsPageQuery } from '../services/medical-records';
import { queryPlan } from '../../testing/query-plan';
import { useTestDatabase } from '../../testing/test-app';
import { refreshPlannerStatistics } from './planner-statistics';
import { medicalRecords } from './schema/index';

// PGlite runs no autovacuum: without the server's own ANALYZE the planner guessed a few dozen rows and sorted a
// whole list for its first page (ADR 19).

const t = useTestDatabase();

it('gathers the statistics that let the first page of a long list come straight from its index', async () => {
  await t.db.insert(medicalRecords).values(
    Array.from({ length: 5000 }, (_, n) => ({
      userId: t.userId,
      filename: `report ${n}.pdf`,
      fileType: 'application/pdf' as const,
      fileSize: 1,
      uploadDate: new Date(Date.UTC(2000, 0, 1) + n * 3_600_000),
    })),
  );
  await refreshPlannerStatistics(t.db);
  const counted = await t.db.execute(sql`select count(*)::int as "n" from pg_stats where tablename = 'medical_records'`);
  expect((counted as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBeGreaterThan(0);

  const plan = (await queryPlan(t.db, medicalRecordsPageQuery(t.db, { id: t.userId }, { limit: 50, q: undefined }))).text;
  expect(plan).toContain('"Node Type":"Index Scan"');
  expect(plan).not.toContain('"Node Type":"Sort"');
});
