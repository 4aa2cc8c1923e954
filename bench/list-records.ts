import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { wipeData } from '../src/server/db/reset';
import { samplePdf } from '../src/server/db/sample-documents';
import { medicalRecordChunks, medicalRecords } from '../src/server/db/schema/index';
import { medicalRecordsListQuery } from '../src/server/services/medical-records';
import { createUser } from '../src/testing/factories';
import type { BenchBackend } from './backends';
import { startServer } from './server-process';
import { closedLoop } from './stats';

const RECORDS = 1000;
const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS || 10);

/** Fills the database with the patient and 1,000 records, each with a small PDF. */
export async function fillRecords(backend: BenchBackend): Promise<void> {
  const database = await backend.open();
  try {
    await wipeData(database.db);
    const user = await createUser(database.db);
    const pdf = samplePdf('Bench', ['record']).toString('base64');
    for (let batch = 0; batch < RECORDS / 100; batch++) {
      const rows = await database.db
        .insert(medicalRecords)
        .values(
          Array.from({ length: 100 }, (_, i) => ({
            userId: user.id,
            filename: `record-${batch * 100 + i}.pdf`,
            fileType: 'application/pdf' as const,
            fileSize: 700,
            description: 'Bench record',
            uploadDate: new Date(Date.UTC(2025, 0, 1) + (batch * 100 + i) * 3_600_000),
          })),
        )
        .returning({ id: medicalRecords.id });
      await database.db
        .insert(medicalRecordChunks)
        .values(rows.map((row) => ({ recordId: row.id, chunkIndex: 0, bytes: sql`decode(${pdf}, 'base64')` })));
    }
  } finally {
    await database.close();
  }
}

export interface ListFigures {
  api: { perSecond: number; p50: number; p99: number };
  driver: { perSecond: number; p50: number; p99: number };
}

export async function benchListRecords(backend: BenchBackend): Promise<ListFigures> {
  await fillRecords(backend);

  // The very query the route runs, sent straight through the driver: the floor the API is measured against.
  const query = new PgDialect().sqlToQuery(medicalRecordsListQuery({ id: 1 }));
  const driver = await backend.openDriver();
  const direct = await closedLoop(() => driver.query(query.sql, query.params), CONNECTIONS, SECONDS * 1000);
  await driver.close();

  const server = await startServer(backend.serverEnv);
  try {
    const result = await autocannon({
      url: `${server.url}/api/medical-records/1`,
      connections: CONNECTIONS,
      duration: SECONDS,
    });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`list bench: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return {
      api: { perSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 },
      driver: direct,
    };
  } finally {
    await server.stop();
  }
}
