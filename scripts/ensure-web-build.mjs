#!/usr/bin/env node
// Part of `npm start`: builds the browser app when dist/web is missing or older than its sources,
// so a fresh clone and an updated checkout both serve the current app without a separate build step.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const stamp = 'dist/web/.build-stamp';
const sources = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changed = Math.max(...sources.map(newestMtime));
if (built >= changed) process.exit(0);

console.log(built ? 'The web app changed since its last build: building it…' : 'Building the web app (first start)…');
const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
writeFileSync(stamp, new Date().toISOString());
