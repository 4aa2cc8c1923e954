import type { FastifyRequest } from 'fastify';
import { clientFacts } from '../src/server/auth/client-facts';
import { hashPassphrase, SCRYPT_SETTING, verifyPassphrase } from '../src/server/auth/passphrase';
import { DEFAULT_SESSION_LIMITS, resolveSession, startSession } from '../src/server/auth/sessions';
import { buildApp } from '../src/server/app';
import { wipeData } from '../src/server/db/reset';
import { readSessionCookie } from '../src/server/http/session-cookie';
import { createAccount, createUser } from '../src/testing/factories';
import type { BenchBackend } from './backends';
import { median } from './stats';

export interface SignInFigures {
  /** Milliseconds to check a passphrase against its stored hash: the cost of a sign-in. */
  verifyMs: number[];
  hashMs: number[];
}

/** Hashes and checks a passphrase `rounds` times with the stored setting (ADR 17), one at a time as the server does. */
export async function benchSignIn(rounds = 7): Promise<SignInFigures> {
  const figures: SignInFigures = { verifyMs: [], hashMs: [] };
  for (let round = 0; round < rounds; round += 1) {
    let started = performance.now();
    const stored = await hashPassphrase(`correct horse battery staple ${round}`);
    figures.hashMs.push(performance.now() - started);
    started = performance.now();
    if (!(await verifyPassphrase(`correct horse battery staple ${round}`, stored))) throw new Error('the passphrase did not match its hash');
    figures.verifyMs.push(performance.now() - started);
  }
  return figures;
}

/**
 * A whole sign-in as the browser makes it: `POST /api/session/passphrase` through the app on the backend's database
 * (the limit's claim, the hash check, the new session, its cookie and the access log), `rounds` times one after another.
 */
export async function benchSignInRequest(backend: BenchBackend, rounds = 7): Promise<number[]> {
  const database = await backend.open();
  const app = await buildApp({ database });
  try {
    await wipeData(database.db);
    await createUser(database.db);
    const passphrase = 'correct horse battery staple';
    const set = await app.inject({ method: 'PUT', url: '/api/security/passphrase', payload: { passphrase } });
    if (set.statusCode !== 204) throw new Error(`setting the passphrase answered ${set.statusCode}`);
    const took: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const started = performance.now();
      const signedIn = await app.inject({ method: 'POST', url: '/api/session/passphrase', payload: { passphrase } });
      took.push(performance.now() - started);
      if (signedIn.statusCode !== 204) throw new Error(`signing in answered ${signedIn.statusCode}`);
    }
    return took;
  } finally {
    await app.close();
    await database.close();
  }
}

export function signInRequestLine(label: string, took: number[]): string {
  const middle = median(took);
  return (
    `Sign-in request (POST /api/session/passphrase) on ${label}: median ${middle.toFixed(0)} ms of ${took.length} ` +
    `(${took.map((ms) => ms.toFixed(0)).join(', ')}); goal ≤ 300 ms: ${middle <= 300 ? 'met' : 'NOT met'}`
  );
}

export function signInLine({ verifyMs, hashMs }: SignInFigures): string {
  const { logN, r, p } = SCRYPT_SETTING;
  const check = median(verifyMs);
  return (
    `Passphrase (scrypt N=2^${logN}, r=${r}, p=${p}, ${(128 * 2 ** logN * r) / 2 ** 20} MiB): check median ${check.toFixed(0)} ms, ` +
    `hash median ${median(hashMs).toFixed(0)} ms of ${verifyMs.length}; goal ≤ 300 ms a sign-in: ${check <= 300 ? 'met' : 'NOT met'}`
  );
}

/**
 * What the session check adds to a signed-in request (ADR 17): the hook reads the cookie and looks the session up by
 * the SHA-256 of its id, one indexed read (last seen is written at most once a minute). Timed directly, `rounds` times
 * one after another, on the backend's own database.
 */
export async function benchSessionCheck(backend: BenchBackend, rounds = 2000): Promise<number[]> {
  const database = await backend.open();
  try {
    await wipeData(database.db);
    const user = await createUser(database.db);
    await createAccount(database.db, user.id);
    const session = await startSession(database.db, { userId: user.id, patientId: user.id }, clientFacts('bench', '127.0.0.1'), DEFAULT_SESSION_LIMITS);
    const request = { headers: { cookie: `theme=dark; healthassist-session=${session.id}` } } as FastifyRequest;
    const took: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const started = performance.now();
      const id = readSessionCookie(request);
      if (!id || !(await resolveSession(database.db, id, DEFAULT_SESSION_LIMITS))) throw new Error('the session did not resolve');
      took.push(performance.now() - started);
    }
    return took;
  } finally {
    await database.close();
  }
}

export function sessionCheckLine(label: string, took: number[]): string {
  const sorted = [...took].sort((a, b) => a - b);
  const p99 = sorted[Math.floor(sorted.length * 0.99)]!;
  const middle = median(took);
  return `Session check on ${label} (${took.length} in a row): median ${middle.toFixed(3)} ms, p99 ${p99.toFixed(3)} ms; goal ≤ 1 ms a request: ${middle <= 1 ? 'met' : 'NOT met'}`;
}
