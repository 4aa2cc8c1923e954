import { spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export type Template = 'seeded' | 'account' | 'empty' | 'long-record' | 'other-patient';
export const TEMPLATES: readonly Template[] = ['seeded', 'account', 'empty', 'long-record', 'other-patient'];

/** The local calendar day, as the server and the browser (same machine, same zone) count "today". */
export function localDay(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

function templatesRoot(): string {
  const root = process.env.E2E_TEMPLATES;
  if (!root) throw new Error('E2E_TEMPLATES is not set: run the browser tests through Playwright (global setup makes it)');
  return root;
}

/**
 * A template's data folder as of today. The seed writes dates relative to the day it runs (a care item 12 days
 * overdue, an appointment in 9 days), and a test counts from the day it runs: a run that passes midnight makes the
 * template again for the new day, rather than let the screen say "overdue by 13 days" where the test expects 12.
 */
export function templateDir(template: Template, root = templatesRoot()): string {
  const dir = join(root, `${template}@${localDay(new Date())}`);
  if (!existsSync(dir)) makeTemplate(dir, template);
  return dir;
}

/**
 * Makes a template beside its final place and renames it there: two workers passing midnight together each make
 * one, the first rename wins (a rename onto a folder that is not empty fails) and the other is thrown away.
 */
function makeTemplate(dir: string, template: Template) {
  const building = `${dir}.${process.pid}.building`;
  const made = spawnSync(process.execPath, ['--import', 'tsx', 'e2e/support/make-template.ts', building, template], { stdio: 'inherit' });
  if (made.status !== 0) throw new Error(`making the ${template} template failed`);
  try {
    renameSync(building, dir);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(dir)) throw error;
  }
}
