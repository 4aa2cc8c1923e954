import type { Locator, Page } from '@playwright/test';
import { format } from 'date-fns';
import { expect, toasts } from '../fixtures';
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
