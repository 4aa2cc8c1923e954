import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { Patient } from '../core/patient';
import { notifyBackupFailed } from '../services/notifications/events';
import { backUpToFolder, newestBackupTime, rotateBackups } from './backup-files';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the server asks whether a day has passed since the last backup: a laptop sleeps, a timer of 24 h drifts. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

export interface DailyBackups {
  folder: string;
  keep: number;
}

/**
 * On PGlite, a backup a day (ADR 18): at start and then every hour, when the newest backup in the folder is a day old
 * or there is none, the archive is written and all but the newest `keep` removed. A failure is logged, shown in the
 * app's notifications and tried again at the next check; it never stops the server.
 */
export function startDailyBackups(
  db: Database,
  patient: Patient,
  { folder, keep }: DailyBackups,
  log: FastifyBaseLogger,
): { stop(): void; /** The check at start, done. */ started: Promise<void> } {
  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      const newest = await newestBackupTime(folder);
      if (newest !== null && Date.now() - newest.getTime() < DAY_MS) return;
      const written = await backUpToFolder(db, patient, folder);
      if (written === null) return;
      const removed = await rotateBackups(folder, keep);
      log.info(`backup written to ${written}${removed.length > 0 ? `; ${removed.length} older removed, ${keep} kept` : ''}`);
    } catch (error) {
      log.warn({ code: (error as NodeJS.ErrnoException).code }, `the daily backup into ${folder} failed; it is tried again within the hour`);
      // The patient hears of it in the app, once a day however often it fails (issue 33).
      await notifyBackupFailed(db, patient, new Date()).catch((notWritten: unknown) =>
        log.error({ err: notWritten }, 'the failed backup’s notification could not be written'),
      );
    } finally {
      running = false;
    }
  };
  const started = check();
  const timer = setInterval(() => void check(), CHECK_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer), started };
}
