// `npm run bench`: prints the figures that the performance targets are judged by. Never part of `npm test`.
import { ARCHIVE_DOCUMENTS, benchArchive, type ArchiveFigures, type ExportFigures } from './archive';
import { onEachDatabase, pgliteBackend, postgresBackend, type BenchBackend, type DatabaseLabel } from './backends';
import { findChromium } from '../e2e/support/chromium-path';
import { benchDurability, durabilityLines } from './durability';
import { BUNDLE_ENTRIES, benchFhirImport, fhirImportLines, IMPORT_GOAL_MS } from './fhir-import';
import { benchLifetimeApi, benchLifetimeScreens, LIFETIME_DOCUMENTS, type LoadFigures } from './lifetime';
import { auditMeetsGoal, benchLighthouse, type LighthouseFigures } from './lighthouse';
import { benchListRecords } from './list-records';
import { benchMedications, medicationsLines } from './medications';
import { benchVitals, benchVitalsScreen, VITALS_DAYS, VITALS_SCREEN_RATIO_GOAL, vitalsLines } from './vitals';
import { benchReminders, PATIENTS, REMINDERS, remindersLine } from './reminders';
import { benchMixedLoad, MIXED_SECONDS, MIXED_WORKERS, mixedLoadLine } from './mixed-load';
import { benchSessionCheck, benchSignIn, benchSignInRequest, sessionCheckLine, signInLine, signInRequestLine } from './sign-in';
import { benchUploadInBrowser } from './records-upload-ui';
import { benchStartup, type StartupSample } from './startup';
import { median } from './stats';
import { benchUpload, MORE_ROUNDS, type UploadFigures } from './upload';
import { startServer } from './server-process';
import { ensureWebBuild, gzipLevel, measureWebSize, type WebFile, type WebSizeFigures } from './web-size';

const fixed = (value: number, digits = 1) => value.toFixed(digits);


/** `npm run bench -- startup` prints the start-up figures only: a quick check while working on start-up. */
const startupOnly = process.argv.slice(2).includes('startup');
/** `npm run bench -- upload` prints the 20 MiB upload's figures only, on each database. */
const uploadOnly = process.argv.slice(2).includes('upload');
/** `npm run bench -- archive` prints the export's and the restore's figures only, on each database. */
const archiveOnly = process.argv.slice(2).includes('archive');
/** `npm run bench -- durability` prints what an fsync pass after each PGlite write would cost (ADR 18). */
const durabilityOnly = process.argv.slice(2).includes('durability');
/** `npm run bench -- mixed` prints the mixed load's figures only (issue 30), on each database. */
const mixedOnly = process.argv.slice(2).includes('mixed');
/** `npm run bench -- sign-in` prints what signing in and checking a session cost, and nothing else. */
const signInOnly = process.argv.slice(2).includes('sign-in');
/** `npm run bench -- lifetime` prints the figures of a record of 10,000 documents only (issue 21). */
const lifetimeOnly = process.argv.slice(2).includes('lifetime');
/** `npm run bench -- medications` prints the figures of 20 medications and two years of dose log only (issue 32). */
const medicationsOnly = process.argv.slice(2).includes('medications');
/** `npm run bench -- reminders` prints how fast 10,000 reminders due in one minute go out on PostgreSQL (issue 33). */
const remindersOnly = process.argv.slice(2).includes('reminders');
/** `npm run bench -- fhir` prints how long a 1,111-entry Synthea-shaped Bundle takes to import (issue 34). */
const fhirOnly = process.argv.slice(2).includes('fhir');
/** `npm run bench -- vitals`: ten years of daily vital signs (issue 35). */
const vitalsOnly = process.argv.slice(2).includes('vitals');
/** `npm run bench -- web` prints the web app's figures only: its JavaScript before first paint and Lighthouse. */
const webOnly = process.argv.slice(2).includes('web');

/** Start-ups per backend; the figures move by ±30 % when others share the machine, so the median is quoted. */
const STARTUP_ROUNDS = 3;

function startupLine(label: string, samples: StartupSample[], goalMs?: number, goalMiB?: number) {
  const ms = median(samples.map((sample) => sample.ms));
  const rss = median(samples.map((sample) => sample.rssMiB));
  const goals = [
    goalMs === undefined ? '' : `; goal ≤ ${fixed(goalMs / 1000)} s: ${ms <= goalMs ? 'met' : 'NOT met'}`,
    goalMiB === undefined ? '' : `; goal ≤ ${goalMiB} MiB: ${rss <= goalMiB ? 'met' : 'NOT met'}`,
  ].join('');
  console.log(
    `  ${label}: ${fixed(ms / 1000, 2)} s, RSS ${fixed(rss, 0)} MiB (runs ${samples.map((s) => fixed(s.ms / 1000, 2)).join(', ')} s; ` +
      `${samples.map((s) => fixed(s.rssMiB, 0)).join(', ')} MiB)${goals}`,
  );
}

async function benchBackend(makeBackend: () => BenchBackend | Promise<BenchBackend | null>, label: string) {
  const probe = await makeBackend();
  if (!probe) {
    console.log(`\n== ${label}: not reachable, skipped`);
    return;
  }
  await probe.dispose();
  if (archiveOnly) {
    console.log(`\n== ${label}`);
    printArchive(await benchArchive(makeBackend));
    return;
  }
  if (uploadOnly) {
    console.log(`\n== ${label}`);
    const backend = (await makeBackend())!;
    try {
      printUpload(await benchUpload(backend));
    } finally {
      await backend.dispose();
    }
    return;
  }
  const reachable = async () => (await makeBackend()) ?? Promise.reject(new Error(`${label} stopped answering`));
  console.log(`\n== ${label}`);
  const startup = await benchStartup(reachable, STARTUP_ROUNDS);
  const pglite = probe.kind === 'pglite';
  console.log(`npm start (build check, then node dist/server/main.js) to the first 200 of /api/health, and the server's RSS then, median of ${STARTUP_ROUNDS}:`);
  // Issue 21's goals: 1.0 s on existing data (PGlite's own open is most of it), 4 s on empty data.
  startupLine('existing data', startup.existing, 1000, pglite ? 350 : undefined);
  startupLine(pglite ? 'empty data folder' : 'empty database', startup.empty, 4000);
  if (startupOnly) return;

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

    printUpload(await benchUpload(backend));
  } finally {
    await backend.dispose();
  }
  printArchive(await benchArchive(makeBackend));
}

function printArchive(archive: ArchiveFigures) {
  const exportLine = (label: string, figures: ExportFigures, goal: string) =>
    `${label}: ${fixed(figures.ms / 1000, 2)} s; server RSS ${fixed(figures.rssBeforeMiB, 0)} MiB before, peak ${fixed(figures.peakRssMiB, 0)} MiB, ` +
    `growth ${fixed(figures.peakRssMiB - figures.rssBeforeMiB, 0)} MiB = ${fixed(figures.growthTimesLargest, 2)}× the largest document${goal}`;
  console.log(`Export (GET /api/export) of ${ARCHIVE_DOCUMENTS} documents (999 × 10 KiB, one 20 MiB), ${fixed(archive.archiveMiB, 1)} MiB:`);
  console.log(exportLine('  first after start (also pays one-time costs, ADR 18)', archive.firstExport, ''));
  const met = archive.export.growthTimesLargest <= 2;
  console.log(exportLine('  the next one, on the running server', archive.export, ` (goal ≤ 2×: ${met ? 'met' : 'NOT met'})`));
  console.log(
    `Restore (POST /api/import) of that archive into an empty install: ${fixed(archive.importMs / 1000, 2)} s, ${archive.restoredDocuments} documents; ` +
      `server RSS ${fixed(archive.importRssBeforeMiB, 0)} MiB before, peak ${fixed(archive.importPeakRssMiB, 0)} MiB, ` +
      `growth ${fixed(archive.importPeakRssMiB - archive.importRssBeforeMiB, 0)} MiB = ${fixed(archive.importGrowthTimesLargest, 2)}× the largest document`,
  );
}

function printUpload(upload: UploadFigures) {
  const growth = (peak: number) => fixed(peak - upload.rssBeforeMiB, 0);
  console.log(
    `20 MiB PDF: upload ${fixed(upload.uploadMs / 1000, 2)} s, read back ${fixed(upload.readBackMs / 1000, 2)} s, identical ${upload.identical}; ` +
      `server RSS ${fixed(upload.rssBeforeMiB, 0)} MiB before, peak during the upload ${fixed(upload.uploadPeakRssMiB, 0)} MiB, ` +
      `growth ${growth(upload.uploadPeakRssMiB)} MiB = ${fixed(upload.growthTimesFile, 1)}× the file (goal ≤ 3×)`,
  );
  console.log(
    `  reading it back too: peak ${fixed(upload.peakRssMiB, 0)} MiB, growth ${growth(upload.peakRssMiB)} MiB = ` +
      `${fixed(upload.readBackGrowthTimesFile, 1)}× the file; RSS after ${MORE_ROUNDS} more uploads, each read back: ` +
      `${fixed(upload.rssAfterMoreRoundsMiB, 0)} MiB`,
  );
}

/** Issue 21: at most this much JavaScript (gzip bytes) before the first paint of `/`, for a phone. */
const FIRST_PAINT_JS_GOAL = 100_000;

const kB = (files: WebFile[]) => fixed(files.reduce((sum, file) => sum + file.gzipBytes, 0) / 1000);
const fileCount = (files: WebFile[]) => `${files.length} file${files.length === 1 ? '' : 's'}`;

async function benchWebApp() {
  console.log('\n== Web app');
  ensureWebBuild();
  const size = measureWebSize();
  console.log(`${firstPaintJsLine(size)}; CSS ${kB(size.initialCss)} KB gzip (${fileCount(size.initialCss)})`);
  console.log(
    `  then, once the layout is on screen: ` +
      size.afterFirstPaint.map(({ name, files }) => `${name} ${kB(files)} KB gzip (${fileCount(files)})`).join(', '),
  );
  console.log(`  gzip level ${gzipLevel}, KB = 1,000 bytes; JS files: ` + size.initialJs.map((file) => `${file.path} ${fixed(file.gzipBytes / 1000)}`).join(', '));
  if (size.staticImportsWithoutPreload.length) {
    console.log(`  statically imported but not modulepreloaded (counted above): ${size.staticImportsWithoutPreload.join(', ')}`);
  }

  const backend = pgliteBackend();
  try {
    const server = await startServer({ ...backend.serverEnv, SEED: 'true' });
    try {
      printLighthouse('the demo record (SEED=true)', await benchLighthouse(server.url, ['/', '/records', '/medications']));
    } finally {
      await server.stop();
    }
  } catch (error) {
    console.log(`Lighthouse: failed, ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    await backend.dispose();
  }
}

/** The JavaScript `/` loads before its first paint, in one line, against issue 21's goal of 100 KB gzip. */
function firstPaintJsLine(size: WebSizeFigures): string {
  const total = size.initialJs.reduce((sum, file) => sum + file.gzipBytes, 0);
  return `/ before first paint: JS ${kB(size.initialJs)} KB gzip (${fileCount(size.initialJs)}); goal ≤ ${FIRST_PAINT_JS_GOAL / 1000} KB: ${total <= FIRST_PAINT_JS_GOAL ? 'met' : 'NOT met'}`;
}

function printLighthouse(what: string, figures: LighthouseFigures) {
  if (!figures.ran) {
    console.log(`Lighthouse: skipped, ${figures.reason}`);
    return;
  }
  console.log(`Lighthouse ${figures.version} (performance, simulated throttling), ${what}; the median run of three:`);
  for (const audit of figures.audits) {
    console.log(
      `  ${audit.formFactor.padEnd(7)} ${audit.path.padEnd(12)} score ${audit.score} (runs ${audit.scores.join(', ')}), LCP ${fixed(audit.lcpMs / 1000)} s, TBT ${fixed(audit.tbtMs, 0)} ms, ` +
        `FCP ${fixed(audit.fcpMs / 1000)} s, CLS ${fixed(audit.cls, 3)}, JS transferred ${fixed(audit.transferredJsBytes / 1000)} KB, CPU index ${fixed(audit.benchmarkIndex, 0)}; goal ` +
        `${audit.formFactor === 'mobile' ? '≥ 95, LCP ≤ 2.5 s, TBT ≤ 200 ms' : '100'}: ${auditMeetsGoal(audit) ? 'met' : 'NOT met'}`,
    );
    if (audit.compressionSavingsBytes > 0) {
      console.log(`    the server sends text uncompressed: Lighthouse estimates compression would save ${fixed(audit.compressionSavingsBytes / 1000)} KB`);
    }
    if (audit.nonLocalRequests.length) console.log(`    requests that left the local server: ${audit.nonLocalRequests.join(', ')}`);
  }
}

async function benchRecordsScreen() {
  console.log('\n== Medical Records screen');
  const chromiumPath = findChromium();
  if (!chromiumPath) {
    console.log('20 MiB PDF, Upload pressed → row visible: skipped, no Chromium (set CHROMIUM_PATH)');
    return;
  }
  const samples = await benchUploadInBrowser(chromiumPath);
  const median = [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
  console.log(
    `20 MiB PDF, Upload pressed → row visible (Chromium, PGlite): median ${fixed(median / 1000, 2)} s of ` +
      `${samples.map((ms) => fixed(ms / 1000, 2)).join(', ')} s; goal ≤ 3 s: ${median <= 3000 ? 'met' : 'NOT met'}`,
  );
}

/** Issue 30's goals for PGlite under the mixed load, beside PostgreSQL measured in the same run. */
const MIXED_GOALS = { p99Ms: 1000, throughputOfPostgres: 0.5, eventLoopP99Ms: 50 };

/** The mixed load on each database, one after the other, and PGlite's figures against the goals. */
async function benchMixedLoadFigures() {
  console.log(`\n== Mixed load: ${MIXED_WORKERS} workers × ${MIXED_SECONDS} s (the four lists, a 64 KiB upload, a delete), then the kept documents checked`);
  const figures = new Map<DatabaseLabel, Awaited<ReturnType<typeof benchMixedLoad>>>();
  await onEachDatabase(
    async (backend, label) => {
      const measured = await benchMixedLoad(backend);
      figures.set(label, measured);
      console.log(mixedLoadLine(label, measured));
    },
    (label) => console.log(`  ${label}: not reachable, skipped`),
  );
  const pglite = figures.get('PGlite');
  const postgres = figures.get('PostgreSQL');
  if (!pglite) return;
  const ratio = postgres ? pglite.perSecond / postgres.perSecond : Number.NaN;
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  console.log(
    `  PGlite's goals: 0 without an answer: ${verdict(pglite.noAnswer === 0)}; p99 ≤ ${MIXED_GOALS.p99Ms} ms: ${verdict(pglite.p99 <= MIXED_GOALS.p99Ms)}; ` +
      `throughput ${postgres ? fixed(ratio, 2) : '?'} of PostgreSQL's, goal ≥ ${MIXED_GOALS.throughputOfPostgres}: ${postgres ? verdict(ratio >= MIXED_GOALS.throughputOfPostgres) : 'not measured'}; ` +
      `event loop delay p99 ≤ ${MIXED_GOALS.eventLoopP99Ms} ms: ${verdict(pglite.eventLoop.p99 <= MIXED_GOALS.eventLoopP99Ms)}; ` +
      `every kept document listed and identical: ${verdict(pglite.keptIntact === pglite.kept && (!postgres || postgres.keptIntact === postgres.kept))}`,
  );
}

/** The passphrase's check, then a whole sign-in request and the session check on each database that answers. */
async function benchSignInFigures() {
  console.log(signInLine(await benchSignIn()));
  await onEachDatabase(async (backend, label) => {
    console.log(signInRequestLine(label, await benchSignInRequest(backend)));
    console.log(sessionCheckLine(label, await benchSessionCheck(backend)));
  });
}

if (signInOnly) {
  await benchSignInFigures();
  process.exit(0);
}
if (lifetimeOnly) {
  await benchLifetime();
  process.exit(0);
}
if (medicationsOnly) {
  await benchMedicationsFigures();
  process.exit(0);
}
if (remindersOnly) {
  await benchRemindersFigures();
  process.exit(0);
}
if (fhirOnly) {
  await benchFhirImportFigures();
  process.exit(0);
}
if (vitalsOnly) {
  await benchVitalsFigures();
  process.exit(0);
}
if (webOnly) {
  await benchWebApp();
  process.exit();
}
if (mixedOnly) {
  await benchMixedLoadFigures();
  process.exit(0);
}
if (durabilityOnly) {
  const backend = pgliteBackend();
  try {
    for (const line of durabilityLines(await benchDurability(backend))) console.log(line);
  } finally {
    await backend.dispose();
  }
  process.exit(0);
}
await benchBackend(pgliteBackend, 'PGlite (embedded)');
await benchBackend(postgresBackend, 'PostgreSQL');
if (!startupOnly && !uploadOnly && !archiveOnly) {
  console.log('');
  await benchSignInFigures();
  await benchMixedLoadFigures();
  await benchWebApp();
  await benchRecordsScreen();
  await benchLifetime();
  await benchMedicationsFigures();
  await benchRemindersFigures();
  await benchFhirImportFigures();
  await benchVitalsFigures();
}

function loadLine(label: string, figures: LoadFigures): string {
  return (
    `  ${label}: p50 ${fixed(figures.p50)} ms, p99 ${fixed(figures.p99)} ms, ${fixed(figures.perSecond, 0)} req/s, ` +
    `${fixed(figures.kilobytes)} KB per answer, ${figures.timeouts} timeouts, ${figures.non2xx} non-2xx`
  );
}

/** A record of 10,000 documents of 10 KB: the lists' API on each database, then the screens in a slowed Chromium. */
async function benchLifetime() {
  ensureWebBuild();
  console.log(`\n== Lifetime: the web app\n${firstPaintJsLine(measureWebSize())}`);
  await onEachDatabase(
    async (backend, label) => {
      console.log(`\n== Lifetime: ${LIFETIME_DOCUMENTS.toLocaleString('en')} documents of 10 KB (${label})`);
      const api = await benchLifetimeApi(backend);
      console.log(loadLine('GET /api/medical-records/1/page?limit=50, 10 connections', api.page.at10));
      console.log(loadLine('the same, 100 connections', api.page.at100));
      console.log(loadLine("search (q='blood 12'), 10 connections", api.search));
      console.log(loadLine('GET /api/medical-records/1, the whole list, 10 connections', api.wholeList));
      printLighthouse(`${LIFETIME_DOCUMENTS.toLocaleString('en')} documents (${label})`, api.lighthouse);
    },
    (label) => console.log(`\n== Lifetime (${label}): not reachable, skipped`),
  );
  const chromiumPath = findChromium();
  if (!chromiumPath) {
    console.log('Screens at 4× CPU slowdown: skipped, no Chromium (set CHROMIUM_PATH)');
    return;
  }
  const figures = [];
  for (const count of [10, LIFETIME_DOCUMENTS]) {
    const backend = pgliteBackend();
    try {
      figures.push({ count, ...(await benchLifetimeScreens(backend, count, chromiumPath)) });
    } finally {
      await backend.dispose();
    }
  }
  console.log('\nScreens at 390 px, 4× CPU slowdown (Chromium, PGlite), median of 5 loads after one not counted:');
  for (const { count, records, dashboard } of figures) {
    console.log(
      `  ${count.toLocaleString('en')} documents: Records first row ${fixed(records.visibleMs / 1000, 2)} s, ${records.elements} elements; ` +
        `dashboard records card ${fixed(dashboard.visibleMs / 1000, 2)} s`,
    );
  }
  const [few, many] = figures;
  const ratio = many!.records.visibleMs / few!.records.visibleMs;
  console.log(`  Records first row, 10,000 ÷ 10 documents: ${fixed(ratio, 2)} (goal ≤ 1.5: ${ratio <= 1.5 ? 'met' : 'NOT met'}); elements ≤ 1,500: ${many!.records.elements <= 1500 ? 'met' : 'NOT met'}`);
}

/**
 * Issue 32: 20 medications and two years of dose log on each database, every read of `/` and `/medications` against
 * p50 ≤ 20 ms; Lighthouse on both pages of that record (on PGlite, the default install) and the first-paint JavaScript.
 */
async function benchMedicationsFigures() {
  ensureWebBuild();
  console.log(`\n== Medications: the web app\n${firstPaintJsLine(measureWebSize())}`);
  await onEachDatabase(
    async (backend, label) => {
      console.log(`\n== Medications: 20 medications and two years of doses (${label})`);
      const figures = await benchMedications(backend, { lighthouse: label === 'PGlite' });
      for (const line of medicationsLines(label, figures)) console.log(line);
      if (figures.lighthouse) printLighthouse(`20 medications, two years of doses (${label})`, figures.lighthouse);
    },
    (label) => console.log(`\n== Medications (${label}): not reachable, skipped`),
  );
}

/** Issue 34: a Synthea-shaped Bundle of 1,111 entries imported, again, and previewed, on each database. */
async function benchFhirImportFigures() {
  await onEachDatabase(
    async (backend, label) => {
      console.log(`\n== FHIR import: a Synthea-shaped Bundle of ${BUNDLE_ENTRIES.toLocaleString('en')} entries (${label})`);
      for (const line of fhirImportLines(label, await benchFhirImport(backend), label === 'PGlite' ? IMPORT_GOAL_MS : undefined)) console.log(line);
    },
    (label) => console.log(`\n== FHIR import (${label}): not reachable, skipped`),
  );
}

/**
 * Issue 35: ten years of daily readings of the ten vital signs on each database, every read of /vitals against p50 ≤
 * 20 ms, Lighthouse on /vitals and /lab-results (PGlite); then the page in a slowed Chromium, ten years against ten
 * readings.
 */
async function benchVitalsFigures() {
  ensureWebBuild();
  console.log(`\n== Vitals: the web app\n${firstPaintJsLine(measureWebSize())}`);
  await onEachDatabase(
    async (backend, label) => {
      console.log(`\n== Vitals: ten years of daily readings (${label})`);
      const figures = await benchVitals(backend, { lighthouse: label === 'PGlite' });
      for (const line of vitalsLines(label, figures)) console.log(line);
      if (figures.lighthouse) printLighthouse(`ten years of vital signs (${label})`, figures.lighthouse);
    },
    (label) => console.log(`\n== Vitals (${label}): not reachable, skipped`),
  );
  const chromiumPath = findChromium();
  if (!chromiumPath) return console.log('/vitals at 4× CPU slowdown: skipped, no Chromium (set CHROMIUM_PATH)');
  const times: number[] = [];
  for (const perMeasure of [1, VITALS_DAYS]) {
    const backend = pgliteBackend();
    try {
      times.push((await benchVitalsScreen(backend, perMeasure, chromiumPath)).visibleMs);
    } finally {
      await backend.dispose();
    }
  }
  const [few, many] = times as [number, number];
  console.log(
    `\n/vitals at 390 px, 4× CPU slowdown (Chromium, PGlite), chart and table drawn, median of 5 loads: 10 readings ${fixed(few / 1000, 2)} s, ` +
      `${(VITALS_DAYS * 10).toLocaleString('en')} readings ${fixed(many / 1000, 2)} s (×${fixed(many / few, 2)}); goal ≤ ×${VITALS_SCREEN_RATIO_GOAL}: ${many / few <= VITALS_SCREEN_RATIO_GOAL ? 'met' : 'NOT met'}`,
  );
}

/**
 * Issue 33: 10,000 reminders due in the same minute, computed, dispatched and sent by two schedulers, on PostgreSQL: a
 * clinic's server with many patients. PGlite holds one patient's record (a laptop's), whose minute has a few.
 */
async function benchRemindersFigures() {
  console.log(`\n== Reminders: ${REMINDERS.toLocaleString('en')} due in the same minute (${PATIENTS.toLocaleString('en')} patients), two schedulers, a local webhook`);
  const backend = await postgresBackend();
  if (!backend) return console.log('  PostgreSQL: not reachable, skipped');
  try {
    console.log(remindersLine('PostgreSQL', await benchReminders(backend)));
  } finally {
    await backend.dispose();
  }
}
