import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { startServer, type RunningServer, type Template } from './support/server';
import { localDay } from './support/templates';

interface WorkerFixtures {
  /** One server with the demo patient per worker, for tests that only read: `current()` gives today's (see below). */
  seededServer: { current(): Promise<RunningServer> };
}

interface TestFixtures {
  /** A server of this test's own on a copy of a template, for tests that write or need empty cards. */
  freshServer(template?: Template, env?: Record<string, string>): Promise<RunningServer>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // The demo's dates are relative to the day it was seeded, and a test counts from the day it runs: a worker that
  // passes midnight starts a server seeded today before its next test.
  seededServer: [
    async ({}, use) => {
      let server: { day: string; running: RunningServer } | undefined;
      await use({
        async current() {
          const today = localDay(new Date());
          if (server?.day !== today) {
            await server?.running.stop();
            server = { day: today, running: await startServer('seeded') };
          }
          return server.running;
        },
      });
      await server?.running.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ seededServer }, use) => {
    await use((await seededServer.current()).url);
  },
  freshServer: async ({}, use) => {
    const started: RunningServer[] = [];
    await use(async (template = 'account', env = {}) => {
      const server = await startServer(template, env);
      started.push(server);
      return server;
    });
    await Promise.all(started.map((server) => server.stop()));
  },
});

export { expect };

/** Stores a theme before the first page script runs, as a returning user would have it; later choices stand. */
export async function useStoredTheme(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript((value) => {
    if (!window.localStorage.getItem('ui-theme')) window.localStorage.setItem('ui-theme', value);
  }, theme);
}

/**
 * Every WCAG 2.2 A/AA rule and axe's best practices, on what is on screen now. With a modal open, pass its
 * selector: the page behind it is aria-hidden and unreachable by design, so only the modal is in scope.
 */
export async function expectNoAxeViolations(page: Page, modalSelector?: string) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
  if (modalSelector) builder = builder.include(modalSelector);
  const results = await builder.analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

/** The name of the region Radix renders the toasts in (its label, with the key that reaches it). */
export const TOASTS_REGION = 'Notifications (F8)';

/**
 * The toasts on screen. Radix renders each toast as a list item of the 'Notifications (F8)' region; the
 * role="status" element is only its screen-reader announcement, which Radix removes after a second.
 * A toast raised as a modal opens sits behind it, aria-hidden like the rest of the page (the dialog's own
 * title is what a screen reader hears then): `behindModal` looks past aria-hidden.
 */
export const toasts = (page: Page, { behindModal = false } = {}) =>
  page.getByRole('region', { name: TOASTS_REGION, includeHidden: behindModal }).getByRole('listitem', { includeHidden: behindModal });

export interface HeldRequests {
  /** How many requests have been held so far. */
  readonly count: number;
  /** Lets every held request, and any later one, go on: to the server, or to a network error with 'abort'. */
  release(): void;
}

/**
 * Holds the page's requests to `url` until `release()`, so that a test can act while they are in flight
 * (press a button again, close a panel, watch a loading state).
 */
export async function holdRequests(page: Page, url: string | RegExp, then: 'continue' | 'abort' = 'continue'): Promise<HeldRequests> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = { count: 0, release };
  await page.route(url, async (route) => {
    held.count += 1;
    await released;
    // An aborted route may have been dropped by the page already, which is what such a test wants.
    if (then === 'abort') await route.abort().catch(() => {});
    else await route.continue();
  });
  return held;
}
