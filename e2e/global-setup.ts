import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Builds the web app and the server when stale (the tests run what ships), and the template data folders every test copies. */
export default function globalSetup() {
  const build = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('building the web app and the server failed');

  const root = mkdtempSync(join(tmpdir(), 'healthassist-e2e-templates-'));
  for (const kind of ['seeded', 'account', 'empty', 'long-record', 'other-patient']) {
    const made = spawnSync(process.execPath, ['--import', 'tsx', 'e2e/support/make-template.ts', join(root, kind), kind], {
      stdio: 'inherit',
    });
    if (made.status !== 0) throw new Error(`making the ${kind} template failed`);
  }
  process.env.E2E_TEMPLATES = root;
  return () => rmSync(root, { recursive: true, force: true });
}
