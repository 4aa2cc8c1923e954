#!/usr/bin/env node
// Part of `npm start` (and of the browser tests and the bench, which run what ships): builds the browser
// app into dist/web and the server into dist/server when either is missing or older than its sources, so a
// fresh clone and an updated checkout both run the current code without a separate build step.
//   node scripts/ensure-build.mjs [web] [server] [--force]   (no target: both; --force: build even if current)
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const targets = {
  web: {
    label: 'the web app',
    stamp: 'dist/web/.build-stamp',
    sources: ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'],
    command: ['npx', 'vite', 'build', '--logLevel', 'warn'],
  },
  server: {
    label: 'the server',
    stamp: 'dist/server/.build-stamp',
    sources: ['src/server', 'src/shared', 'scripts/build-server.mjs', 'tsconfig.node.json', 'tsconfig.base.json', 'package-lock.json'],
    command: [process.execPath, 'scripts/build-server.mjs'],
  },
};

/** Tests sit beside the code but are never built: editing one must not cost a rebuild. */
const isTest = (name) => /\.test\.tsx?$/.test(name);

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path)
    .filter((entry) => !isTest(entry))
    .reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

function ensure({ label, stamp, sources, command }, force) {
  const stampPath = join(root, stamp);
  const built = existsSync(stampPath) ? statSync(stampPath).mtimeMs : 0;
  if (!force && built >= Math.max(...sources.map((source) => newestMtime(join(root, source))))) return;

  console.log(built && !force ? `Rebuilding ${label}: its sources changed since the last build…` : `Building ${label}…`);
  // The stamp gets the time the build started: a source saved during the build is still newer than it.
  const started = new Date();
  const [program, ...args] = command;
  const result = spawnSync(program, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampPath, `${started.toISOString()}\n`);
  utimesSync(stampPath, started, started);
}

/** Builds each of `names` ('web', 'server') that is missing or older than its sources; with `force`, builds them all. */
export function ensureBuilt(names = Object.keys(targets), { force = false } = {}) {
  for (const name of names) ensure(targets[name], force);
}

// Run as a command (not imported by scripts/start.mjs).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg !== '--force' && !(arg in targets));
  if (unknown.length) {
    console.error(`ensure-build: unknown ${unknown.join(', ')}; usage: ensure-build.mjs [web] [server] [--force]`);
    process.exit(2);
  }
  const chosen = args.filter((arg) => arg in targets);
  ensureBuilt(chosen.length ? chosen : undefined, { force: args.includes('--force') });
}
