import { existsSync } from 'node:fs';

/**
 * Where the browser tests and the benches look for Chromium when CHROMIUM_PATH is not set: Debian's, under either of
 * its names. scripts/test.mjs, plain Node that cannot import this file, keeps the same order.
 */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'] as const;

/** CHROMIUM_PATH, else the first of CHROMIUM_CANDIDATES on this machine; undefined when there is none. */
export const findChromium = (): string | undefined => [process.env.CHROMIUM_PATH, ...CHROMIUM_CANDIDATES].find((path) => path && existsSync(path));

/** The Chromium a browser test launches: the one found, else Debian's path, so that Playwright's error names it. */
export const testChromium = (): string => findChromium() ?? CHROMIUM_CANDIDATES[0];
