import { chromium } from '@playwright/test';
import { MAX_DOCUMENT_BYTES } from '../src/shared/rules/documents';
import { pdfOfSize } from '../src/testing/documents';
import { createUser } from '../src/testing/factories';
import { CHROMIUM_FLAGS } from '../e2e/support/chromium-flags';
import { pgliteBackend } from './backends';
import { startServer } from './server-process';

const SAMPLES = 3;

/**
 * From pressing 'Upload Record' to the new row being visible, for a 20 MiB PDF, in Chromium on PGlite:
 * the milliseconds of each of three uploads in a row, in the order they ran.
 */
export async function benchUploadInBrowser(executablePath: string): Promise<number[]> {
  const backend = pgliteBackend();
  const bytes = pdfOfSize(MAX_DOCUMENT_BYTES);
  try {
    const database = await backend.open();
    // Onboarded: a patient who has not been through the first run is led to the wizard, not the records.
    await createUser(database.db, { onboardedAt: new Date() });
    await database.close();
    const server = await startServer(backend.serverEnv);
    const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
    try {
      const page = await browser.newPage();
      await page.goto(`${server.url}/records`);
      await page.getByRole('button', { name: 'Upload New Record' }).click();
      const samples: number[] = [];
      for (let i = 1; i <= SAMPLES; i++) {
        const name = `scan-20mib-${i}.pdf`;
        await page.getByTestId('document-file-input').setInputFiles({ name, mimeType: 'application/pdf', buffer: bytes });
        const started = performance.now();
        await page.getByRole('button', { name: 'Upload Record' }).click();
        await page.getByRole('list', { name: 'Your Records' }).getByText(name, { exact: true }).waitFor({ timeout: 120_000 });
        samples.push(performance.now() - started);
        await page.getByRole('button', { name: 'Upload Record' }).waitFor(); // idle again before the next one
      }
      return samples;
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    await backend.dispose();
  }
}
