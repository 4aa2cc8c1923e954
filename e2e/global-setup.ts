import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEMPLATES, templateDir } from './support/templates';

/**
 * Builds the web app and the server when stale (the tests run what ships), and the template data folders every test
 * copies (a worker that passes midnight makes them again for the new day: support/templates.ts).
 */
export default function globalSetup() {
  const build = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('building the web app and the server failed');

  const root = mkdtempSync(join(tmpdir(), 'healthassist-e2e-templates-'));
  for (const template of TEMPLATES) templateDir(template, root);
  process.env.E2E_TEMPLATES = root;
  return () => rmSync(root, { recursive: true, force: true });
}
