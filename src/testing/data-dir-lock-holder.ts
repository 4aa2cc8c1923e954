/**
 * Another HealthAssist process, as data-dir-lock.unit.test.ts needs one: it takes each data folder named on its command
 * line with lockDataDir, prints one JSON line `{ "pid", "taken": [folders], "refused": [messages] }`, and holds what
 * it took until it is killed. With `--wait-for-go` it first prints `ready` and waits for a line on stdin, so that
 * several such processes, already loaded, start taking at the same instant.
 *
 *   node --import tsx src/testing/data-dir-lock-holder.ts [--wait-for-go] <folder>…
 */
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { DataDirInUseError, lockDataDir } from '../server/db/data-dir-lock';

const args = process.argv.slice(2);
const waitForGo = args[0] === '--wait-for-go';
const folders = waitForGo ? args.slice(1) : args;

if (waitForGo) {
  const lines = createInterface({ input: process.stdin });
  console.log('ready');
  await once(lines, 'line');
}

const taken: string[] = [];
const refused: string[] = [];
for (const folder of folders) {
  try {
    lockDataDir(folder);
    taken.push(folder);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    refused.push(error.message);
  }
}
console.log(JSON.stringify({ pid: process.pid, taken, refused }));

// Holds the locks (never released) until it is killed, as a server would.
setInterval(() => {}, 1 << 30);
