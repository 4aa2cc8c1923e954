import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { startServer, type RunningServer, type Template } from './support/server';

interface WorkerFixtures {
  /** One server with the demo patient per worker, for tests that only read. */
  seededServer: RunningServer;
}

interface TestFixtures {
  /** A server of this test's own on a copy of a template, for tests that write or need empty cards. */
  freshServer(template?: Template): Promise<RunningServer>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  seededServer: [
    async ({}, use) => {
      const server = await startServer('seeded');
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ seededServer }, use) => {
    await use(seededServer.url);
  },
  freshServer: async ({}, use) => {
    const started: RunningServer[] = [];
    await use(async (template = 'account') => {
      const server = await startServer(template);
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

/**
 * The toasts on screen. Radix renders each toast as a list item of the 'Notifications (F8)' region; the
 * role="status" element is only its screen-reader announcement, which Radix removes after a second.
 * A toast raised as a modal opens sits behind it, aria-hidden like the rest of the page (the dialog's own
 * title is what a screen reader hears then): `behindModal` looks past aria-hidden.
 */
export const toasts = (page: Page, { behindModal = false } = {}) =>
  page.getByRole('region', { name: 'Notifications (F8)', includeHidden: behindModal }).getByRole('listitem', { includeHidden: behindModal });
