import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test, toasts, useStoredTheme } from './fixtures';

const sidebarLinks = [
  { label: 'Dashboard', path: '/' },
  { label: 'Medical Records', path: '/records' },
  { label: 'Medications', path: '/medications' },
  { label: 'Vitals', path: '/vitals' },
  { label: 'Lab Results', path: '/lab-results' },
  { label: 'Insurance', path: '/insurance' },
  { label: 'Preventative Care', path: '/preventative' },
  { label: 'Appointments', path: '/appointments' },
  { label: "What's Good?", path: '/workflow-chat' },
  { label: 'My Profile', path: '/profile' },
];

test.describe('sidebar', () => {
  test('every entry navigates and is marked as the current page', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const { label, path } of sidebarLinks) {
      await nav.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(path);
      await expect(nav.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    }
  });

  test('at 390 px it is a drawer: the menu button opens it, the backdrop or a link closes it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect(drawer).toBeVisible();
    await page.getByTestId('drawer-backdrop').click({ position: { x: 370, y: 400 } });
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('link', { name: 'Insurance' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL('/insurance');
  });

  test('the drawer slides in, unless the system asks for reduced motion', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect(drawer).toHaveCSS('animation-name', 'drawer-in');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(drawer).toBeVisible();
    await expect(drawer).toHaveCSS('animation-name', 'none');
  });

  test('widening the window past md closes an open drawer and gives the page back', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 800 });
    // Closed, not merely hidden by CSS: no dialog in the DOM, nothing made aria-hidden or unclickable.
    await expect(page.locator('[role="dialog"]')).toHaveCount(0);
    await expect(page.locator('body')).not.toHaveCSS('pointer-events', 'none');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Medical Records' }).click();
    await expect(page).toHaveURL('/records');
    await expect(page.getByRole('heading', { level: 1, name: 'Medical Records' })).toBeVisible();
  });

  test('on a desktop it is always visible, 16 rem wide, with no menu button', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    const width = await page.locator('aside').evaluate((aside) => aside.getBoundingClientRect().width);
    expect(width).toBe(256);
  });
});

test.describe('routes', () => {
  test('an unknown path shows the 404 screen inside the layout', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test("a screen whose code fails to load says so inside the layout and offers 'Reload'", async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
    // As after a rebuild, when an open tab asks for a hashed file that no longer exists.
    await page.route('**/assets/records-page-*.js', (route) => route.abort());
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Medical Records' }).click();
    await expect(page.getByRole('heading', { name: 'This page could not be shown' })).toBeVisible();
    await expect(page.getByText('Reloading usually fixes it')).toBeVisible();
    await expectNoAxeViolations(page);

    // The layout still works: another screen shows, and coming back shows the message again.
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
    await nav.getByRole('link', { name: 'Medical Records' }).click();
    await expect(page.getByRole('heading', { name: 'This page could not be shown' })).toBeVisible();

    await page.unroute('**/assets/records-page-*.js');
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Medical Records' })).toBeVisible();
  });

  test("the screens' table, asked for beside the first paint, says so if its code fails to load, with no error left unhandled", async ({ page }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.route('**/assets/screens-*.js', (route) => route.abort());
    await page.goto('/');
    await expect(page.getByRole('main').getByRole('heading', { name: 'This page could not be shown' })).toBeVisible();
    expect(pageErrors).toEqual([]);

    await page.unroute('**/assets/screens-*.js');
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  });

  test("the header's controls, loaded after the first paint, say so if their code fails to load and offer 'Reload'", async ({ page }) => {
    await page.route('**/assets/header-controls-*.js', (route) => route.abort());
    await page.goto('/');
    await expect(page.getByRole('main').getByRole('heading', { name: 'This page could not be shown' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.unroute('**/assets/header-controls-*.js');
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('button', { name: 'Notifications (3 unread)' })).toBeVisible();
  });

  // A reload asks the server for the path itself: '/' is index.html, every other path needs the server's fallback
  // to the app (else it would answer with a JSON 404 and no heading).
  test('reloading a registered route other than / shows that route', async ({ page }) => {
    await page.goto('/records');
    await expect(page.getByRole('heading', { level: 1, name: 'Medical Records' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Medical Records' })).toBeVisible();
  });

  test('reloading an unknown path shows the 404 screen inside the layout', async ({ page }) => {
    await page.goto('/no-such-page/deeper');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });
});

test.describe('theme', () => {
  test('the toggle switches between light and dark, and the choice survives a reload', async ({ page }) => {
    await useStoredTheme(page, 'light');
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveClass(/light/);
    await page.getByRole('button', { name: 'Dark Mode' }).click();
    await expect(html).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('ui-theme'))).toBe('dark');

    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Light Mode' }).click();
    await expect(html).toHaveClass(/light/);
  });

  test('with no stored choice the system preference decides, before the app script runs', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, colorScheme: 'dark' });
    const page = await context.newPage();
    // Block the app's own script: only the no-flash script in <head> can have set the class.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await context.close();
  });
});

test.describe('header', () => {
  // The panel itself, its list and its settings: e2e/notifications.spec.ts.
  test('the bell shows 3 and opens its panel', async ({ page }) => {
    await page.goto('/');
    const bell = page.getByRole('button', { name: 'Notifications (3 unread)' });
    await expect(bell).toContainText('3');
    await bell.click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toContainText('You have 3 unread notifications.');
  });

  test('the profile menu shows the patient and leads to the profile', async ({ page }) => {
    await page.goto('/');
    const trigger = page.getByRole('button', { name: 'Profile menu for Alex Morgan' });
    await expect(trigger).toContainText('AM');
    await trigger.click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText('Alex Morgan');
    await expect(menu).toContainText('alex.morgan@example.com');
    await menu.getByRole('menuitem', { name: 'Edit Profile' }).click();
    await expect(page).toHaveURL('/profile');

    // While the app is open (no passphrase or passkey yet) there is no session to log out of (e2e/sign-in.spec.ts logs out).
    await trigger.click();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeDisabled();
  });

  test('until the patient has loaded, or if that fails, the profile button and menu speak generically', async ({ page }) => {
    await page.route('**/api/users/1', (route) => route.fulfill({ status: 500, json: { message: 'Internal error' } }));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, there' })).toBeVisible();
    const trigger = page.getByRole('button', { name: 'Profile menu', exact: true });
    await expect(trigger).toHaveText('');
    await expect(trigger.locator('svg')).toBeVisible();
    await trigger.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText('Your profile', { exact: true })).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveText(['Edit Profile', 'Settings', 'Logout']);
  });

  test('the icon-only buttons show their label on hover and on keyboard focus, and the menu button tells whether the drawer is open', async ({ page }) => {
    await page.goto('/');
    const bell = page.getByRole('button', { name: 'Notifications (3 unread)' });
    await bell.hover();
    await expect(page.getByRole('tooltip')).toHaveText('Notifications (3 unread)');
    // Moving away (Radix waits for a pointer move outside the path from button to tooltip) hides it.
    await page.mouse.move(600, 400, { steps: 5 });
    await page.mouse.move(610, 410);
    await expect(page.getByRole('tooltip')).toHaveCount(0);

    await bell.focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Profile menu for Alex Morgan' })).toBeFocused();
    await expect(page.getByRole('tooltip')).toHaveText('Profile menu for Alex Morgan');

    await page.setViewportSize({ width: 390, height: 844 });
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.hover();
    await expect(page.getByRole('tooltip')).toHaveText('Open menu');
    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect(drawer).toBeVisible();
    // Behind the modal drawer the header is aria-hidden, so the button is looked up including hidden elements.
    const hiddenMenuButton = page.getByRole('button', { name: 'Open menu', includeHidden: true });
    await expect(hiddenMenuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer).toHaveAttribute('id', (await hiddenMenuButton.getAttribute('aria-controls'))!);
  });

  test('follows the profile-updated event', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Profile menu for Alex Morgan' })).toContainText('AM');
    await page.evaluate(() =>
      window.dispatchEvent(new CustomEvent('profile-updated', { detail: { name: 'Jordan Lee', email: 'jordan@example.com' } })),
    );
    const trigger = page.getByRole('button', { name: 'Profile menu for Jordan Lee' });
    await expect(trigger).toContainText('JL');
    await trigger.click();
    await expect(page.getByRole('menu')).toContainText('Jordan Lee');
    await expect(page.getByRole('menu')).toContainText('jordan@example.com');
    // Written into the cached patient, so every screen that reads it follows, not the header alone.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Jordan' })).toBeVisible();
  });
});

test.describe('settings', () => {
  async function openSettings(page: Page) {
    await page.getByRole('button', { name: 'Profile menu for Alex Morgan' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  test('Settings opens a theme dialog; System follows the OS preference and survives a reload', async ({ page }) => {
    await useStoredTheme(page, 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveClass('light');

    const dialog = await openSettings(page);
    await expect(page).toHaveURL('/');
    await expect(dialog.getByRole('radio', { name: 'Light' })).toBeChecked();
    await dialog.getByRole('radio', { name: 'System' }).click();
    await expect(html).toHaveClass('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveClass('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveClass('dark');
    expect(await page.evaluate(() => localStorage.getItem('ui-theme'))).toBe('system');

    // Escape closes it and focus returns to the profile button, not to the page's start.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Profile menu for Alex Morgan' })).toBeFocused();

    await page.reload();
    await expect(html).toHaveClass('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveClass('light');
    await openSettings(page);
    await expect(dialog.getByRole('radio', { name: 'System' })).toBeChecked();
    // Arrow keys choose, as in any radio group. The key is held a moment, as a finger holds it: Radix moves focus
    // on the next tick and checks the item only if the arrow is still down then.
    await expect(dialog.getByRole('radio', { name: 'System' })).toBeFocused();
    await page.keyboard.press('ArrowUp', { delay: 50 });
    await expect(dialog.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await expect(html).toHaveClass('dark');

    // Once closed, the page is usable again.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Medical Records' }).click();
    await expect(page).toHaveURL('/records');
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the open Settings dialog has no axe violations in the ${theme} theme`, async ({ page }) => {
      await useStoredTheme(page, theme);
      await page.goto('/');
      await openSettings(page);
      await expectNoAxeViolations(page, '[role="dialog"]');
    });
  }
});

// The toasts of the chat's 'Get AI Analysis' without a language model (the demo has none): a toast that reads and
// writes nothing. (The bell's toast served here until issue 33 gave the bell its panel.)
test.describe('toasts', () => {
  const UNAVAILABLE = 'To use AI-powered responses, a Perplexity API key is required.';
  const openChat = async (page: Page) => {
    await page.goto('/chat');
    await expect(page.getByRole('heading', { level: 1, name: 'Chat with Health Assistant' })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  };
  const showToast = async (page: Page) => {
    await page.getByRole('button', { name: 'Get AI Analysis' }).click();
    const toast = toasts(page).filter({ hasText: UNAVAILABLE });
    await expect(toast).toBeVisible();
    return toast;
  };

  test('a toast closes by itself after 5 seconds', async ({ page }) => {
    // The fake clock runs in step with real time while the page loads, then stops: from there only the test moves it.
    await page.clock.install();
    await openChat(page);
    // A first press asks the server whether a language model is set up; the answer is kept, so the press timed
    // below raises its toast at once. Its toast replaces this one (one shows at a time).
    await showToast(page);
    await page.clock.pauseAt(Date.now() + 1000);
    const toast = await showToast(page);
    await page.clock.runFor(4900);
    await expect(toast).toBeVisible();
    await page.clock.runFor(200);
    await expect(toast).toBeHidden();
  });

  test('the toast area is at most 420 px wide on a desktop and the full width on a phone', async ({ page }) => {
    await openChat(page);
    await showToast(page);
    const area = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('list');
    const desktop = (await area.boundingBox())!;
    expect(desktop.width).toBeLessThanOrEqual(420);
    expect(desktop.x + desktop.width).toBe(1280);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(async () => (await area.boundingBox())?.width).toBe(390);
  });

  test('dragging a toast right by more than 50 px dismisses it; a shorter drag does not', async ({ page }) => {
    await openChat(page);
    const toast = await showToast(page);
    const drag = async (distance: number) => {
      const box = (await toast.boundingBox())!;
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + 40, y);
      await page.mouse.down();
      await page.mouse.move(box.x + 40 + distance, y, { steps: 10 });
      await page.mouse.up();
    };
    await drag(30);
    await expect(toast).toBeVisible();
    await drag(120);
    await expect(toast).toBeHidden();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`an open toast has no axe violations in the ${theme} theme`, async ({ page }) => {
      await useStoredTheme(page, theme);
      await openChat(page);
      await showToast(page);
      await expectNoAxeViolations(page);
    });
  }

  test('only one shows at a time and F8 focuses the region', async ({ page }) => {
    await openChat(page);
    await showToast(page);
    await showToast(page);
    await expect(toasts(page)).toHaveCount(1);
    await page.keyboard.press('F8');
    await expect(page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('list')).toBeFocused();
  });
});
