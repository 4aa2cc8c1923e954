// `npm run bench`: prints the figures that the performance targets are judged by. Never part of `npm test`.
import { pgliteBackend, postgresBackend, type BenchBackend } from './backends';
import { benchListRecords } from './list-records';
import { benchStartup } from './startup';
import { benchUpload } from './upload';

const fixed = (value: number, digits = 1) => value.toFixed(digits);

async function benchBackend(makeBackend: () => BenchBackend | Promise<BenchBackend | null>, label: string) {
  const startupBackend = await makeBackend();
  if (!startupBackend) {
    console.log(`\n== ${label}: not reachable, skipped`);
    return;
  }
  console.log(`\n== ${label}`);
  try {
    const startup = await benchStartup(startupBackend);
    console.log(`start-up to first 200 of /api/health: empty ${fixed(startup.emptyMs / 1000, 2)} s, existing ${fixed(startup.existingMs / 1000, 2)} s`);
  } finally {
    await startupBackend.dispose();
  }

  const backend = (await makeBackend())!;
  try {
    const list = await benchListRecords(backend);
    console.log(
      `GET /api/medical-records/1 (1,000 records, 10 connections): ${fixed(list.api.perSecond, 0)} req/s, ` +
        `p50 ${fixed(list.api.p50)} ms, p99 ${fixed(list.api.p99)} ms`,
    );
    console.log(
      `same query through the driver (10 concurrent): ${fixed(list.driver.perSecond, 0)} queries/s, ` +
        `p50 ${fixed(list.driver.p50)} ms, p99 ${fixed(list.driver.p99)} ms`,
    );
    console.log(`API / driver throughput ratio: ${fixed(list.api.perSecond / list.driver.perSecond, 2)}`);

    const upload = await benchUpload(backend);
    console.log(
      `20 MiB PDF: upload ${fixed(upload.uploadMs / 1000, 2)} s, read back ${fixed(upload.readBackMs / 1000, 2)} s, ` +
        `identical ${upload.identical}; server RSS ${fixed(upload.rssBeforeMiB, 0)} MiB before, peak ${fixed(upload.peakRssMiB, 0)} MiB`,
    );
  } finally {
    await backend.dispose();
  }
}

await benchBackend(pgliteBackend, 'PGlite (embedded)');
await benchBackend(postgresBackend, 'PostgreSQL');
