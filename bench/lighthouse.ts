// Lighthouse's performance score and LCP for `/` (desktop preset), against a seeded server on a fresh PGlite folder.
import { accessSync, constants as fs } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { pgliteBackend } from './backends';
import { startServer } from './server-process';
import { ensureWebBuild } from './web-size';
import { CHROMIUM_FLAGS } from '../e2e/support/chromium-flags';

export type LighthouseFigures =
  | {
      ran: true;
      version: string;
      score: number;
      lcpMs: number;
      /** Bytes of JavaScript the page actually transferred (headers included), compressed or not. */
      transferredJsBytes: number;
      /** Lighthouse's estimate of what compressing text responses would save, in bytes (0 when they are compressed). */
      compressionSavingsBytes: number;
      nonLocalRequests: string[];
    }
  | { ran: false; reason: string };

const chromeFlags = ['--headless=new', ...CHROMIUM_FLAGS];

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

/** A run that takes longer than this is stuck (a run normally takes well under a minute). */
const timeoutMs = 180_000;

function findChromium(): { path: string } | { missing: string } {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  try {
    accessSync(path, fs.X_OK);
    return { path };
  } catch {
    return { missing: `no executable Chromium at ${path}${process.env.CHROMIUM_PATH ? ' (CHROMIUM_PATH)' : ' (set CHROMIUM_PATH)'}` };
  }
}

export async function benchLighthouse(): Promise<LighthouseFigures> {
  const chromium = findChromium();
  if ('missing' in chromium) return { ran: false, reason: chromium.missing };

  ensureWebBuild();
  const backend = pgliteBackend();
  try {
    const server = await startServer({ ...backend.serverEnv, SEED: 'true' });
    try {
      const chrome = await chromeLauncher.launch({ chromePath: chromium.path, chromeFlags, logLevel: 'silent' });
      let timer: NodeJS.Timeout | undefined;
      try {
        const run = lighthouse(
          `${server.url}/`,
          { port: chrome.port, output: 'json', logLevel: 'error' },
          { ...desktopConfig, settings: { ...desktopConfig.settings, onlyCategories: ['performance'] } },
        );
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`Lighthouse did not finish within ${timeoutMs / 1000} s`)), timeoutMs);
        });
        const result = await Promise.race([run, timeout]);
        if (!result) throw new Error('Lighthouse returned no result');
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        const score = lhr.categories.performance?.score;
        const lcpMs = lhr.audits['largest-contentful-paint']?.numericValue;
        if (score == null || lcpMs == null) throw new Error('the report has no performance score or LCP');
        // Everything the page fetched should come from the local server: the network here is closed.
        const details = lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined;
        const requests = details?.items ?? [];
        const nonLocalRequests = requests.map((item) => item.url).filter((url) => !url.startsWith(server.url) && !url.startsWith('data:'));
        const transferredJsBytes = requests.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
        const compression = lhr.audits['uses-text-compression']?.details as { overallSavingsBytes?: number } | undefined;
        return {
          ran: true,
          version: lhr.lighthouseVersion,
          score: Math.round(score * 100),
          lcpMs,
          transferredJsBytes,
          compressionSavingsBytes: compression?.overallSavingsBytes ?? 0,
          nonLocalRequests,
        };
      } finally {
        clearTimeout(timer);
        chrome.kill();
      }
    } finally {
      await server.stop();
    }
  } finally {
    await backend.dispose();
  }
}
