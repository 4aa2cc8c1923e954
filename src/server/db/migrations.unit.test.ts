import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import config from '../../../drizzle.config';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const drizzleKit = join(dirname(createRequire(import.meta.url).resolve('drizzle-kit')), 'bin.cjs');

/** Every file under a folder, by relative path, with its text. */
function readTree(folder: string): Record<string, string> {
  const entries = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return Object.fromEntries(
    entries.map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return [path.slice(folder.length + 1), readFileSync(path, 'utf8')];
    }),
  );
}

// A schema change without `npm run db:generate` would pass every test (they run the committed migrations)
// and then be missing from every database. drizzle-kit generate, run on a copy of the migrations, must find
// nothing to add. It runs in a temporary folder: the repository is never written.
it('has committed a migration for every change to the schema', () => {
  if (typeof config.schema !== 'string' || !config.out || !config.casing) throw new Error('drizzle.config.ts changed shape');
  const folder = mkdtempSync(join(tmpdir(), 'healthassist-migrations-'));
  try {
    const copy = join(folder, 'migrations');
    cpSync(resolve(root, config.out), copy, { recursive: true });
    const committed = readTree(copy);

    // The flags repeat drizzle.config.ts but for --out (drizzle-kit refuses --config with other flags); the
    // output folder is relative to the working directory because drizzle-kit prefixes './' to it.
    const args = ['generate', '--dialect', config.dialect, '--schema', resolve(root, config.schema)];
    args.push('--casing', config.casing, '--out', 'migrations');
    const result = spawnSync(process.execPath, [drizzleKit, ...args], {
      cwd: folder,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
    });
    expect(result.status, `drizzle-kit generate failed:\n${result.stdout}\n${result.stderr}`).toBe(0);

    const generated = readTree(copy);
    const added = Object.keys(generated).filter((path) => !(path in committed));
    const wouldAdd = added.filter((path) => path.endsWith('.sql')).map((path) => `${path}:\n${generated[path]}`);
    expect(added, `The schema changed without a migration; npm run db:generate would write:\n${wouldAdd.join('\n')}`).toEqual([]);
    expect(generated).toEqual(committed);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
