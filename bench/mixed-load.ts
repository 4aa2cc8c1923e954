// `npm run bench -- mixed` (issue 30): the server under a patient's mixed use from many clients at once, as a new
// install would serve it: the four lists, an upload and a delete, from 100 workers for 40 s, on each database. Then
// the kept-records check: every document whose upload was answered and not deleted is listed, byte for byte.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { wipeData } from '../src/server/db/reset';
import { pdfOfSize } from '../src/testing/documents';
import { createAppointment, createCareItem, createInsurancePlan, createMedicalRecord, createProvider, createUser } from '../src/testing/factories';
import type { BenchBackend } from './backends';
import { percentile } from './stats';
import { startServer, type ServerProcess } from './server-process';

export const MIXED_WORKERS = Number(process.env.BENCH_MIXED_WORKERS || 100);
export const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS || 40);
/** A request without its answer's headers by then counts as no answer. */
const NO_ANSWER_MS = 30_000;
/** A phone photo's size, small enough that the figures are the database's and not the network's. */
const UPLOAD_BYTES = 64 * 1024;

const probe = fileURLToPath(new URL('./event-loop-probe.mjs', import.meta.url));

export interface EventLoopFigures {
  p50: number;
  p99: number;
  max: number;
}

export interface MixedLoadFigures {
  perSecond: number;
  requests: number;
  noAnswer: number;
  /** Answers other than the one expected (a 2xx): a refusal or a 5xx. */
  unexpected: number;
  p50: number;
  p99: number;
  slowest: number;
  /** The lists' own p99, apart from the writes: how long a read waits behind them. */
  readP99: number;
  writeP99: number;
  uploads: number;
  deletes: number;
  /** Documents kept at the end (uploaded, answered, not deleted) and how many of them were listed and identical. */
  kept: number;
  keptIntact: number;
  /** The server's event loop during the load: how late a 10 ms timer fired. */
  eventLoop: EventLoopFigures;
}

type Outcome = { ok: true; body: unknown } | { ok: false; noAnswer: boolean };

/** The patient of a new install, with a little of everything for the lists to show. */
async function seed(backend: BenchBackend): Promise<void> {
  const database = await backend.open();
  try {
    await wipeData(database.db);
    const user = await createUser(database.db, { onboardedAt: new Date() });
    const provider = await createProvider(database.db, user.id, { name: 'Dr. Rivera' });
    for (let n = 0; n < 3; n += 1) await createInsurancePlan(database.db, user.id, { isPrimary: n === 0, provider: `Plan ${n + 1}` });
    for (let n = 0; n < 10; n += 1) await createCareItem(database.db, user.id, { careName: `Check ${n + 1}` });
    for (let n = 0; n < 10; n += 1) await createAppointment(database.db, user.id, provider.id, { appointmentDate: `2030-05-${String(n + 1).padStart(2, '0')}` });
    for (let n = 0; n < 50; n += 1) await createMedicalRecord(database.db, user.id, { filename: `Lab report ${n + 1}.pdf` });
  } finally {
    await database.close();
  }
}

/** Asks the probe in the server for what it saw since it was last asked (bench/event-loop-probe.mjs). */
async function eventLoopSince(server: ServerProcess, file: string): Promise<EventLoopFigures> {
  rmSync(file, { force: true });
  process.kill(server.pid, 'SIGUSR2');
  while (!existsSync(file)) await new Promise((resolve) => setTimeout(resolve, 20));
  // The probe writes the file in one call; an empty read is the instant before it.
  let text = '';
  while (!text) text = readFileSync(file, 'utf8');
  const { p50, p99, max } = JSON.parse(text) as EventLoopFigures;
  return { p50, p99, max };
}

export async function benchMixedLoad(backend: BenchBackend): Promise<MixedLoadFigures> {
  await seed(backend);
  const eventLoopFile = join(tmpdir(), `healthassist-bench-event-loop-${process.pid}.json`);
  const server = await startServer({ ...backend.serverEnv, BENCH_EVENT_LOOP_FILE: eventLoopFile }, { nodeArgs: ['--import', probe] });
  const pdf = pdfOfSize(UPLOAD_BYTES);
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  const pdfHash = sha256(pdf);
  const uploadBody = (name: string) =>
    JSON.stringify({ userId: 1, filename: name, fileType: 'application/pdf', fileSize: pdf.length, fileContents: `data:application/pdf;base64,${pdf.toString('base64')}` });

  const readTimes: number[] = [];
  const writeTimes: number[] = [];
  let noAnswer = 0;
  let unexpected = 0;
  let uploads = 0;
  let deletes = 0;
  /** Documents uploaded (answered 201) and not deleted since, by id. */
  const kept = new Set<number>();

  const call = async (path: string, init: RequestInit, times: number[]): Promise<Outcome> => {
    const started = performance.now();
    try {
      const response = await fetch(`${server.url}${path}`, { ...init, signal: AbortSignal.timeout(NO_ANSWER_MS) });
      const body = response.status === 204 ? null : await response.json();
      times.push(performance.now() - started);
      if (response.ok) return { ok: true, body };
      unexpected += 1;
      return { ok: false, noAnswer: false };
    } catch {
      noAnswer += 1;
      return { ok: false, noAnswer: true };
    }
  };
  const lists = ['/api/medical-records/1/page?limit=50', '/api/insurance-plans/1', '/api/preventative-care/1', '/api/appointments/1'];

  const worker = async (index: number, end: number) => {
    const own: number[] = [];
    for (let step = index; performance.now() < end; step += 1) {
      const kind = step % 6;
      if (kind < 4) {
        await call(lists[kind]!, {}, readTimes);
      } else if (kind === 4) {
        const outcome = await call('/api/medical-records', { method: 'POST', headers: { 'content-type': 'application/json' }, body: uploadBody(`Bench ${index}-${step}.pdf`) }, writeTimes);
        if (outcome.ok) {
          uploads += 1;
          const { id } = outcome.body as { id: number };
          own.push(id);
          kept.add(id);
        }
      } else if (own.length > 1) {
        // Every other upload of its own is deleted again: the record grows, and deletes run beside everything else.
        const id = own.shift()!;
        const outcome = await call(`/api/medical-records/${id}`, { method: 'DELETE' }, writeTimes);
        if (outcome.ok) {
          deletes += 1;
          kept.delete(id);
        }
      }
    }
  };

  try {
    await eventLoopSince(server, eventLoopFile);
    const started = performance.now();
    const end = started + MIXED_SECONDS * 1000;
    await Promise.all(Array.from({ length: MIXED_WORKERS }, (_, index) => worker(index, end)));
    const seconds = (performance.now() - started) / 1000;
    const eventLoop = await eventLoopSince(server, eventLoopFile);

    // Every kept document is listed, and its bytes are the ones uploaded.
    const listed = (await (await fetch(`${server.url}/api/medical-records/1`)).json()) as { id: number }[];
    const listedIds = new Set(listed.map((record) => record.id));
    let keptIntact = 0;
    for (const id of kept) {
      if (!listedIds.has(id)) continue;
      const file = await fetch(`${server.url}/api/medical-records/${id}/file`);
      if (file.ok && sha256(Buffer.from(await file.arrayBuffer())) === pdfHash) keptIntact += 1;
    }
    const all = [...readTimes, ...writeTimes].sort((a, b) => a - b);
    readTimes.sort((a, b) => a - b);
    writeTimes.sort((a, b) => a - b);
    return {
      perSecond: all.length / seconds,
      requests: all.length + noAnswer,
      noAnswer,
      unexpected,
      p50: percentile(all, 50),
      p99: percentile(all, 99),
      slowest: all.at(-1) ?? Number.NaN,
      readP99: percentile(readTimes, 99),
      writeP99: percentile(writeTimes, 99),
      uploads,
      deletes,
      kept: kept.size,
      keptIntact,
      eventLoop,
    };
  } finally {
    await server.stop();
    rmSync(eventLoopFile, { force: true });
  }
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);

export function mixedLoadLine(label: string, figures: MixedLoadFigures): string {
  return (
    `  ${label}: ${fixed(figures.perSecond)} req/s, ${figures.noAnswer} without an answer, ${figures.unexpected} refused or failed; ` +
    `p50 ${fixed(figures.p50)} ms, p99 ${fixed(figures.p99)} ms, slowest ${fixed(figures.slowest)} ms ` +
    `(lists p99 ${fixed(figures.readP99)} ms, writes p99 ${fixed(figures.writeP99)} ms); ` +
    `${figures.uploads} uploads, ${figures.deletes} deletes, kept ${figures.keptIntact} of ${figures.kept} listed and identical; ` +
    `event loop delay p50 ${fixed(figures.eventLoop.p50, 1)} ms, p99 ${fixed(figures.eventLoop.p99, 1)} ms, max ${fixed(figures.eventLoop.max, 1)} ms`
  );
}
