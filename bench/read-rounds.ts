import { percentile } from './stats';

/** A read's figures over its rounds; the answer's body, uncompressed, in KB of 1,000 bytes. */
export interface ReadFigures {
  p50: number;
  p99: number;
  kilobytes: number;
}

/**
 * Reads each path in turn from the server at `url`, `warmUp` rounds not counted then `rounds` rounds, one request at a
 * time (as one browser would, without its parallelism); a read that is not 200 stops the bench. Each read comes back
 * with its p50, p99 and size.
 */
export async function timeReads<Read extends { path: string }>(url: string, reads: readonly Read[], rounds: number, warmUp: number): Promise<Array<Read & ReadFigures>> {
  const samples = reads.map(() => [] as number[]);
  const sizes = reads.map(() => 0);
  for (let round = 0; round < warmUp + rounds; round++) {
    for (const [index, read] of reads.entries()) {
      const t0 = performance.now();
      const response = await fetch(`${url}${read.path}`);
      const body = await response.arrayBuffer();
      const took = performance.now() - t0;
      if (response.status !== 200) throw new Error(`GET ${read.path} answered ${response.status}: ${new TextDecoder().decode(body).slice(0, 300)}`);
      if (round >= warmUp) samples[index]!.push(took);
      sizes[index] = body.byteLength;
    }
  }
  return reads.map((read, index) => {
    const sorted = samples[index]!.sort((a, b) => a - b);
    return { ...read, p50: percentile(sorted, 50), p99: percentile(sorted, 99), kilobytes: sizes[index]! / 1000 };
  });
}
