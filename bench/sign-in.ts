import { hashPassphrase, SCRYPT_SETTING, verifyPassphrase } from '../src/server/auth/passphrase';
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

export function signInLine({ verifyMs, hashMs }: SignInFigures): string {
  const { logN, r, p } = SCRYPT_SETTING;
  const check = median(verifyMs);
  return (
    `Passphrase (scrypt N=2^${logN}, r=${r}, p=${p}, ${(128 * 2 ** logN * r) / 2 ** 20} MiB): check median ${check.toFixed(0)} ms, ` +
    `hash median ${median(hashMs).toFixed(0)} ms of ${verifyMs.length}; goal ≤ 300 ms a sign-in: ${check <= 300 ? 'met' : 'NOT met'}`
  );
}
