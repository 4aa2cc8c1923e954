import { expect, expectNoAxeViolations, test, useStoredTheme } from './fixtures';

// Every registered route, plus the 404 screen that every other path shows.
const screens = [
  { path: '/', ready: /Welcome back/ },
  { path: '/records', ready: 'Medical Records' },
  { path: '/medications', ready: 'Medications' },
  { path: '/vitals', ready: 'Vitals' },
  { path: '/lab-results', ready: 'Lab Results' },
  { path: '/activity', ready: 'Activity' },
  { path: '/insurance', ready: 'Insurance Information' },
  { path: '/preventative', ready: 'Preventative Care' },
  { path: '/appointments', ready: 'Appointments' },
  { path: '/profile', ready: 'My Profile' },
  { path: '/chat', ready: 'Chat with Health Assistant' },
  { path: '/workflow-chat', ready: 'Health Assistant Chat' },
  { path: '/onboarding', ready: 'Welcome to HealthAssist' },
  { path: '/no-such-page', ready: '404 Page Not Found' },
];

for (const theme of ['light', 'dark'] as const) {
  for (const { path, ready } of screens) {
    test(`${path} has no axe violations in the ${theme} theme`, async ({ page }) => {
      await useStoredTheme(page, theme);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: ready })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expectNoAxeViolations(page);
    });
  }

  test(`the open drawer and profile menu have no axe violations in the ${theme} theme`, async ({ page }) => {
    await useStoredTheme(page, theme);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeVisible();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Profile menu for Alex Morgan' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoAxeViolations(page, '[role="menu"]');
  });
}
