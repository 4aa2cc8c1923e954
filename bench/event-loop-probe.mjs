// Loaded into the bench's server with `node --import` (never by the app): how long the server's event loop stood
// still. On SIGUSR2 it writes what it saw since the last signal to BENCH_EVENT_LOOP_FILE and starts over, so a bench
// measures one load and not the start-up before it. Plain JavaScript: the compiled server runs without tsx.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_EVENT_LOOP_FILE;
if (file) {
  // A 10 ms timer: a stall is how much later than that it fires.
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const ms = (nanoseconds) => nanoseconds / 1e6;
  process.on('SIGUSR2', () => {
    const figures = { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max), count: delay.count };
    writeFileSync(file, JSON.stringify(figures));
    delay.reset();
  });
}
