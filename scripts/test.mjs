#!/usr/bin/env node
// The README's test command: every test, with the PostgreSQL API tests whenever a server is reachable.
// With CI=true an unreachable PostgreSQL is a failure, never a silent skip. With EXTRA_NODE set to another
// Node binary (CI sets Node 24's), the unit and PGlite API tests run once more under that Node.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));

const ci = process.env.CI === 'true';
const databaseUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const shownUrl = databaseUrl.replace(/:[^:@/]+@/, ':***@');

async function postgresReachable() {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (error) {
    console.log(`PostgreSQL at ${shownUrl} is not reachable: ${error.message}`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const projects = ['unit', 'api-pglite'];
if (await postgresReachable()) {
  projects.push('api-postgres');
} else if (ci) {
  console.error('CI=true: the PostgreSQL API tests must run. Start PostgreSQL or set TEST_DATABASE_URL.');
  process.exit(1);
} else {
  console.log('Skipping the PostgreSQL API tests (set TEST_DATABASE_URL, or start PostgreSQL on 127.0.0.1:5432).');
}

/** CHROMIUM_PATH, then Debian's chromium, then a browser Playwright installed itself; null when none. */
async function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  try {
    const { chromium } = await import('@playwright/test');
    candidates.push(chromium.executablePath());
  } catch {
    // Playwright not installed: npm ci first.
  }
  return candidates.find((path) => path && existsSync(path)) ?? null;
}

const chromiumPath = await findChromium();
if (!chromiumPath) {
  console.error(
    'No Chromium for the browser tests. Install one (Debian/Ubuntu: sudo apt-get install chromium) ' +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
  process.exit(1);
}

const reportFolder = mkdtempSync(join(tmpdir(), 'healthassist-test-'));
const vitestReport = join(reportFolder, 'vitest.json');
const playwrightReport = join(reportFolder, 'playwright.json');
const extraArgs = process.argv.slice(2);

const vitest = spawnSync(
  'npx',
  ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`, ...extraArgs],
  { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: databaseUrl } },
);

// Users run Node 22 or 24 as well as the oldest Node the engines field allows: what differs between them
// (the WebAssembly engine under PGlite, built-in modules) is exercised by the unit and PGlite API tests.
const extraNode = process.env.EXTRA_NODE;
const extraNodeReport = join(reportFolder, 'vitest-extra-node.json');
let extraNodeStatus = 0;
if (extraNode) {
  const version = spawnSync(extraNode, ['--version'], { encoding: 'utf8' });
  console.log(`\nUnit and PGlite API tests again under Node ${version.stdout?.trim() || '(not runnable)'} at ${extraNode}`);
  const extra = spawnSync(
    extraNode,
    [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'unit', '--project', 'api-pglite', '--reporter=default', '--reporter=json', `--outputFile.json=${extraNodeReport}`, ...extraArgs],
    // First on PATH too, so that a test starting `node` starts this one.
    { stdio: 'inherit', env: { ...process.env, PATH: `${dirname(extraNode)}${delimiter}${process.env.PATH}` } },
  );
  extraNodeStatus = extra.status ?? 1;
}

console.log(`\nBrowser tests in ${chromiumPath}`);
const playwright = spawnSync('npx', ['playwright', 'test'], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromiumPath, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
});

const summary = { passed: 0, failed: 0, skipped: 0 };
function count(file, read) {
  try {
    const counts = read(JSON.parse(readFileSync(file, 'utf8')));
    for (const key of Object.keys(summary)) summary[key] += counts[key];
  } catch {
    summary.failed += 1; // No report: the runner itself failed.
  }
}
const readVitest = (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests });
count(vitestReport, readVitest);
if (extraNode) count(extraNodeReport, readVitest);
count(playwrightReport, (r) => ({ passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped }));
rmSync(reportFolder, { recursive: true, force: true });

const failed = vitest.status !== 0 || extraNodeStatus !== 0 || playwright.status !== 0 || summary.failed > 0 || summary.passed === 0;
console.log(`\n${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`);
process.exit(failed ? 1 : 0);
