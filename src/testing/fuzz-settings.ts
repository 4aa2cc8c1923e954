/**
 * How many requests the generated-inputs test sends to each operation, and from which seed: CI's count by default,
 * FUZZ_RUNS for more (npm run fuzz), FUZZ_SEED to replay a run that failed (its seed is printed), FUZZ_ONLY to send only some operations.
 */
export const CI_RUNS_PER_OPERATION = 150;
export const DEFAULT_SEED = 20_261_125;

function whole(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be a whole number, not ${JSON.stringify(text)}`);
  return value;
}

/** FUZZ_ONLY: a regular expression; only the operations whose 'METHOD /path' it finds are sent (to replay one). */
function only(): RegExp | null {
  const text = process.env.FUZZ_ONLY;
  return text ? new RegExp(text) : null;
}

export const fuzzSettings = () => ({ runs: whole('FUZZ_RUNS', CI_RUNS_PER_OPERATION), seed: whole('FUZZ_SEED', DEFAULT_SEED), only: only() });
