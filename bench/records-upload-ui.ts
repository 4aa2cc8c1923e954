import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { MAX_DOCUMENT_BYTES } from '../src/shared/rules/documents';
import { pdfOfSize } from '../src/testing/documents';
import { createUser } from '../src/testing/factories';
import { CHROMIUM_FLAGS } from '../e2e/support/chromium-flags';
import { pgliteBackend } from './backends';
import { startServer } from './server-process';

export type UiUploadFigures = { ran: true; ms: number } | { ran: false; reason: string };

/** From pressing 'Upload Record' to the new row being visible, for a 20 MiB PDF, in Chromium on PGlite. */
export async function benchUploadInBrowser(executablePath: string): Promise<UiUploadFigures> {
  const backend = pgliteBackend();
  const folder = mkdtempSync(join(tmpdir(), 'healthassist-bench-file-'));
  const file = join(folder, 'scan-20mib.pdf');
  writeFileSync(file, pdfOfSize(MAX_DOCUMENT_BYTES));
  try {
    const database = await backend.open();
    await createUser(database.db);
    await database.close();
    const server = await startServer(backend.serverEnv);
    const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
    try {
      const page = await browser.newPage();
      await page.goto(`${server.url}/records`);
      await page.getByRole('button', { name: 'Upload New Record' }).click();
      await page.getByTestId('record-file-input').setInputFiles(file);
      const started = performance.now();
      await page.getByRole('button', { name: 'Upload Record' }).click();
      await page.getByRole('list', { name: 'Your Records' }).getByText('scan-20mib.pdf').waitFor({ timeout: 120_000 });
      return { ran: true, ms: performance.now() - started };
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
    await backend.dispose();
  }
}
