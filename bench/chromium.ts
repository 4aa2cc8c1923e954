import { existsSync } from 'node:fs';

/** CHROMIUM_PATH, else Debian's chromium, for the benches that drive a browser; undefined when neither is there. */
export const findChromium = (): string | undefined => [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((path) => path && existsSync(path));
