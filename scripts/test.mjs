#!/usr/bin/env node
// The README's test command: every test, with the PostgreSQL API tests whenever a server is reachable.
// With CI=true an unreachable PostgreSQL is a failure, never a silent skip.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

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

const reportFolder = mkdtempSync(join(tmpdir(), 'healthassist-test-'));
const reportFile = join(reportFolder, 'vitest.json');
const vitest = spawnSync(
  'npx',
  ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`, ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: databaseUrl } },
);

let summary = { passed: 0, failed: 0, skipped: 0 };
try {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  summary = { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
} catch {
  summary.failed = Math.max(1, summary.failed);
}
rmSync(reportFolder, { recursive: true, force: true });

const failed = vitest.status !== 0 || summary.failed > 0 || summary.passed === 0;
console.log(`\n${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`);
process.exit(failed ? 1 : 0);
