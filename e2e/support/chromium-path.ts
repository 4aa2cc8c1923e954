import { existsSync } from 'node:fs';

/**
 * Where the browser tests and the benches look for Chromium when CHROMIUM_PATH is not set: Debian's headless shell
 * first, then Debian's Chromium. The full browser, headless, still runs its own window's controls (Chromium 150 and
 * later draw them as web pages, in a renderer of their own): on a two-core machine that renderer took more CPU than the
 * page under test, and a load's requests waited seconds for it (docs/decisions/0026-the-headless-shell.md).
 * scripts/test.mjs keeps the same order.
 */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'] as const;

/** CHROMIUM_PATH, else the first of CHROMIUM_CANDIDATES on this machine; undefined when there is none. */
export const findChromium = (): string | undefined => [process.env.CHROMIUM_PATH, ...CHROMIUM_CANDIDATES].find((path) => path && existsSync(path));
