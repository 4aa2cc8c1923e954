import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS } from './e2e/support/chromium-flags';
import { testChromium } from './e2e/support/chromium-path';

// scripts/test.mjs finds a Chromium and passes it here as CHROMIUM_PATH; run alone, Debian's.
const executablePath = testChromium();

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Bounds on waiting for a state, not waits: on this machine's kind Chromium runs the same specs 2–3× slower than on
  // earlier ones (an axe pass over every Preventative Care tab took 26 s alone and over 60 s beside the other worker).
  // A screen's first load in a fresh context is the slowest state to wait for: one CI run saw the app's own files take
  // 10 s to arrive beside the other worker, and a heading missed 20 s. A bound only costs time when a test fails.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: CHROMIUM_FLAGS,
    },
  },
});
