import type { JSHandle, Locator, Page } from '@playwright/test';
import { format } from 'date-fns';
import { expect, toasts, TOASTS_REGION } from '../fixtures';
import type { RunningServer } from './server';

/** Presses `key` (Tab by default) until `target` has the focus; fails saying where the focus is instead. */
export async function pressUntilFocused(page: Page, target: Locator, key = 'Tab', limit = 60) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  throw new Error(`${key} × ${limit} never focused ${target}; focus is on ${focused}`);
}

/**
 * A toast with this description is on screen, with this title. `timeout` overrides the configured expect timeout for
 * both checks, for toasts that follow slow work.
 */
export async function expectToast(
  page: Page,
  title: string,
  description: string,
  { behindModal = false, timeout }: { behindModal?: boolean; timeout?: number } = {},
) {
  const shown = toasts(page, { behindModal }).filter({ hasText: description });
  await expect(shown).toBeVisible({ timeout });
  await expect(shown).toContainText(title, { timeout });
}

/** The text of every toast the page has shown since `recordToasts`, in order: read with `expectToastRecorded`. */
export type ToastRecord = JSHandle<string[]>;

/**
 * Starts recording each toast the page shows, in the page itself. For a toast that follows slow work on a loaded
 * machine: it is on screen for five seconds, and a test runner starved of CPU can poll past all of them, while the
 * page, which shows it, cannot miss it.
 */
export async function recordToasts(page: Page): Promise<ToastRecord> {
  return page.evaluateHandle((regionName) => {
    const seen: string[] = [];
    // Each toast's place in `seen`, whose text follows the toast's own while it is on screen.
    const places = new WeakMap<Element, number>();
    const note = () => {
      for (const region of document.querySelectorAll('[role="region"]')) {
        if (region.getAttribute('aria-label') !== regionName) continue;
        for (const item of region.querySelectorAll('li')) {
          const text = item.textContent?.trim();
          if (!text) continue;
          if (!places.has(item)) places.set(item, seen.push(text) - 1);
          else seen[places.get(item)!] = text;
        }
      }
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
    return seen;
  }, TOASTS_REGION);
}

/** A toast with this title and this description has been shown since `record` started. */
export async function expectToastRecorded(record: ToastRecord, title: string, description: string) {
  await expect
    .poll(async () => (await record.jsonValue()).filter((text) => text.includes(title) && text.includes(description)).length, {
      message: `a toast "${title}: ${description}"`,
    })
    .toBeGreaterThan(0);
}

/**
 * Opens the date picker labelled `label` inside `scope` and chooses `day` in its calendar, whose day buttons are
 * named by their full date ('Monday, November 23rd, 2026').
 */
export async function chooseDate(page: Page, scope: Locator, label: string, day: Date) {
  await scope.getByRole('button', { name: new RegExp(`^${label}`) }).click();
  const calendar = page.getByRole('dialog', { name: 'Choose a date' });
  await expect(calendar).toBeVisible();
  const wanted = format(day, 'MMMM yyyy');
  for (let i = 0; i < 36; i++) {
    const shown = await calendar.getByRole('grid').getAttribute('aria-label');
    if (shown === wanted) break;
    const forward = new Date(`1 ${shown}`) < day;
    await calendar.getByRole('button', { name: forward ? 'Go to the Next Month' : 'Go to the Previous Month' }).click();
  }
  await calendar.getByRole('button', { name: new RegExp(format(day, 'EEEE, MMMM do, yyyy')) }).click();
  await expect(calendar).toBeHidden();
}

/** A GET of the server's API that must answer 200, read as JSON: what a spec checks a screen's writes against. */
export async function getJson<T>(page: Page, server: RunningServer, path: string): Promise<T> {
  const response = await page.request.get(`${server.url}${path}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}
