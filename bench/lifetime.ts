// `npm run bench -- lifetime` (issue 21): a record of 10,000 documents of 10 KB, on each database. The lists' pages
// and search under load, and the Records screen and the dashboard in Chromium slowed down as a mid-range phone is.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { wipeData } from '../src/server/db/reset';
import { activities, medicalRecordChunks, medicalRecords } from '../src/server/db/schema/index';
import { createUser } from '../src/testing/factories';
import type { BenchBackend } from './backends';
import { benchLighthouse, type LighthouseFigures } from './lighthouse';
import { medianLoad, onPhone, timeToVisible, type ScreenFigures } from './phone-screen';
import { startServer } from './server-process';

export const LIFETIME_DOCUMENTS = 10_000;
const DOCUMENT_BYTES = 10 * 1024;
const SECONDS = Number(process.env.BENCH_SECONDS || 10);

/** The onboarded patient with `count` documents of 10 KB (a random piece each) and an activity per document. */
export async function fillLifetime(backend: BenchBackend, count: number): Promise<void> {
  const database = await backend.open();
  try {
    await wipeData(database.db);
    const user = await createUser(database.db, { onboardedAt: new Date() });
    const kinds = ['Lab report', 'Blood test', 'X-ray', 'Letter', 'Prescription'];
    for (let from = 0; from < count; from += 500) {
      const size = Math.min(500, count - from);
      const rows = await database.db
        .insert(medicalRecords)
        .values(
          Array.from({ length: size }, (_, n) => ({
            userId: user.id,
            filename: `${kinds[(from + n) % kinds.length]} ${from + n + 1}.pdf`,
            fileType: 'application/pdf' as const,
            fileSize: DOCUMENT_BYTES,
            description: (from + n) % 3 === 0 ? `Visit ${from + n + 1} with Dr. Lopez` : null,
            uploadDate: new Date(Date.UTC(2000, 0, 1) + (from + n) * 3_600_000),
          })),
        )
        .returning({ id: medicalRecords.id, filename: medicalRecords.filename });
      await database.db.insert(medicalRecordChunks).values(rows.map((row) => ({ recordId: row.id, chunkIndex: 0, bytes: randomBytes(DOCUMENT_BYTES) })));
      await database.db.insert(activities).values(
        rows.map((row, n) => ({
          userId: user.id,
          activityType: 'record_uploaded' as const,
          description: `Uploaded ${row.filename}`,
          iconType: 'folder_open' as const,
          relatedItemId: row.id,
          timestamp: new Date(Date.UTC(2000, 0, 1) + (from + n) * 3_600_000),
        })),
      );
    }
    // The statistics a running server has: PostgreSQL's autovacuum gathers them within a minute of such a change,
    // and the server on PGlite a minute after it starts (ADR 19, ADR 20); the load below starts sooner than either.
    await database.db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
}

export interface LoadFigures {
  p50: number;
  p99: number;
  perSecond: number;
  timeouts: number;
  non2xx: number;
  kilobytes: number;
}

async function load(url: string, connections: number): Promise<LoadFigures> {
  const result = await autocannon({ url, connections, duration: SECONDS, timeout: 10 });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    perSecond: result.requests.average,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    kilobytes: result.throughput.total / Math.max(1, result.requests.total) / 1024,
  };
}

export interface LifetimeFigures {
  /** GET /api/medical-records/1/page?limit=50, the Records screen's first page. */
  page: { at10: LoadFigures; at100: LoadFigures };
  /** GET /api/medical-records/1/page?limit=50&q=…, a search. */
  search: LoadFigures;
  /** GET /api/medical-records/1, the spec's whole list (for comparison: what the screens fetched before). */
  wholeList: LoadFigures;
  /** Lighthouse on `/` and `/records` of this record, as a phone and as a desktop. */
  lighthouse: LighthouseFigures;
}

/** The API under load on a record of 10,000 documents, then Lighthouse on its screens. */
export async function benchLifetimeApi(backend: BenchBackend): Promise<LifetimeFigures> {
  await fillLifetime(backend, LIFETIME_DOCUMENTS);
  const server = await startServer(backend.serverEnv);
  try {
    const page = `${server.url}/api/medical-records/1/page?limit=50`;
    return {
      page: { at10: await load(page, 10), at100: await load(page, 100) },
      search: await load(`${server.url}/api/medical-records/1/page?limit=50&q=${encodeURIComponent('blood 12')}`, 10),
      wholeList: await load(`${server.url}/api/medical-records/1`, 10),
      lighthouse: await benchLighthouse(server.url, ['/', '/records']),
    };
  } finally {
    await server.stop();
  }
}

export interface ScreenLifetimeFigures {
  records: ScreenFigures;
  dashboard: ScreenFigures;
}

/**
 * The Records screen's first row and the dashboard's records card, in Chromium at 4× CPU slowdown, on PGlite with
 * `count` documents: the median of five loads of each, after one that is not counted (the first load of a screen also
 * compiles its code and fills the server's caches, and a single load varies by half a second here).
 */
export async function benchLifetimeScreens(backend: BenchBackend, count: number, executablePath: string): Promise<ScreenLifetimeFigures> {
  await fillLifetime(backend, count);
  const server = await startServer(backend.serverEnv);
  try {
    return await onPhone(executablePath, async (page) => ({
      records: await medianLoad(() =>
        timeToVisible(page, `${server.url}/records`, (p) => p.getByRole('list', { name: 'Your Records' }).getByRole('listitem').first().waitFor({ timeout: 120_000 })),
      ),
      dashboard: await medianLoad(() => timeToVisible(page, `${server.url}/`, (p) => p.getByText(`${count} Files`, { exact: true }).waitFor({ timeout: 120_000 }))),
    }));
  } finally {
    await server.stop();
  }
}
