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

/**
 * CHROMIUM_PATH, then Debian's chromium (the order of e2e/support/chromium-path.ts), then a browser Playwright installed
 * itself; null when none.
 */
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
const extraArgs = process.argv.slice(2);

const summary = { passed: 0, failed: 0, skipped: 0 };
/** Each part's wall-clock minutes, printed at the end: where CI's time goes. */
const minutes = [];
let anyPartFailed = false;

/** Runs one part of the tests, times it, and adds its report's counts (no report: the runner itself failed). */
function runPart(label, command, args, env, report, read) {
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  minutes.push([label, (Date.now() - started) / 60_000]);
  if (result.status !== 0) anyPartFailed = true;
  try {
    const counts = read(JSON.parse(readFileSync(report, 'utf8')));
    for (const key of Object.keys(summary)) summary[key] += counts[key];
  } catch {
    summary.failed += 1;
  }
}

const readVitest = (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests });
/** One Vitest project under `node`, with a report of its own; `files`: path filters, else the command line's (or all). */
function runVitest(label, node, project, env = {}, files = []) {
  const report = join(reportFolder, `vitest-${label.replace(/\W+/g, '-')}.json`);
  const args = [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extraArgs, ...files];
  // A filter given on the command line may match no file of some project: that project has nothing to run.
  if (extraArgs.length) args.push('--passWithNoTests');
  runPart(label, node, args, env, report, readVitest);
}

const projectLabels = { unit: 'unit', 'api-pglite': 'API on PGlite', 'api-postgres': 'API on PostgreSQL' };
for (const project of projects) runVitest(projectLabels[project], process.execPath, project, { TEST_DATABASE_URL: databaseUrl });

// Users run Node 22 or 24 as well as the oldest Node the engines field allows. What differs between them is the
// runtime under our code, not the routes' rules: every unit test, and the PGlite API tests of what leans on the runtime
// (PGlite's WebAssembly and its files, the job library on it, crypto for sign-in, streams for uploads and archives).
// The rest of the API tests again would add about four minutes and test the same JavaScript twice.
const EXTRA_NODE_API_TESTS = [
  'src/server/db/',
  'src/server/auth/',
  'src/server/archive',
  'src/server/services/notifications/',
  'src/server/routes/archive',
  'src/server/routes/medical-records',
  'src/server/routes/session',
  'src/server/routes/passkeys',
];
const extraNode = process.env.EXTRA_NODE;
if (extraNode) {
  const version = spawnSync(extraNode, ['--version'], { encoding: 'utf8' }).stdout?.trim() || '(not runnable)';
  console.log(`\nUnit tests, and the PGlite API tests that lean on the runtime, again under Node ${version} at ${extraNode}`);
  // First on PATH too, so that a test starting `node` starts this one.
  const env = { PATH: `${dirname(extraNode)}${delimiter}${process.env.PATH}` };
  runVitest(`unit under Node ${version}`, extraNode, 'unit', env);
  runVitest(`API on PGlite under Node ${version}`, extraNode, 'api-pglite', env, extraArgs.length ? [] : EXTRA_NODE_API_TESTS);
}

console.log(`\nBrowser tests in ${chromiumPath}`);
const playwrightReport = join(reportFolder, 'playwright.json');
runPart('browser', 'npx', ['playwright', 'test'], { CHROMIUM_PATH: chromiumPath, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport }, playwrightReport, (r) => ({
  passed: r.stats.expected + r.stats.flaky,
  failed: r.stats.unexpected,
  skipped: r.stats.skipped,
}));
rmSync(reportFolder, { recursive: true, force: true });

const failed = anyPartFailed || summary.failed > 0 || summary.passed === 0;
const total = minutes.reduce((sum, [, value]) => sum + value, 0);
console.log(`\nMinutes: ${minutes.map(([label, value]) => `${label} ${value.toFixed(1)}`).join(', ')}; total ${total.toFixed(1)}`);
console.log(`${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`);
process.exit(failed ? 1 : 0);
