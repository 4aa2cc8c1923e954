import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS } from '../e2e/support/chromium-flags';

// A screen's time to show on a mid-range phone: Chromium at 390 px with DevTools' 4× CPU slowdown, the median of
// five loads after one not counted (the first load of a screen also compiles its code and fills the server's caches,
// and a single load varies by half a second here). bench/lifetime.ts and bench/vitals.ts measure their screens so.

/** DevTools' setting for a mid-range phone. */
export const CPU_SLOWDOWN = 4;
/** Loads of a screen whose median is quoted. */
export const LOADS = 5;

export interface ScreenFigures {
  /** From navigation to what the screen is waited for (the first row, the card's count), at 4× CPU slowdown. */
  visibleMs: number;
  elements: number;
}

/** Milliseconds since navigation when `ready` shows, and the page's element count then. */
export async function timeToVisible(page: Page, url: string, ready: (page: Page) => Promise<void>): Promise<ScreenFigures> {
  await page.goto(url, { waitUntil: 'commit' });
  await ready(page);
  // A string, evaluated in the page: this file is compiled without the browser's types.
  return page.evaluate<ScreenFigures>("({ visibleMs: performance.now(), elements: document.querySelectorAll('*').length })");
}

/** The median of LOADS runs of `measure`, after one not counted. */
export async function medianLoad(measure: () => Promise<ScreenFigures>): Promise<ScreenFigures> {
  await measure();
  const samples: ScreenFigures[] = [];
  for (let load = 0; load < LOADS; load++) samples.push(await measure());
  return samples.sort((a, b) => a.visibleMs - b.visibleMs)[Math.floor(LOADS / 2)]!;
}

/**
 * Runs `work` with a page of a new Chromium at 390 px and 4× CPU slowdown, the 'Protect your record' banner away as
 * for a patient who dismissed it; the browser closes after.
 */
export async function onPhone<T>(executablePath: string, work: (page: Page) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript("window.localStorage.setItem('protect-banner-dismissed', 'true')");
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    return await work(page);
  } finally {
    await browser.close();
  }
}
