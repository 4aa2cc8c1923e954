import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '../../testing/test-app';
import { unzip } from '../../testing/zip-files';
import { wipeData } from '../db/reset';
import { notifications, notificationSettings } from '../db/schema/index';
import { seedIfEmpty } from '../db/seed';
import { backUpToFolder, backupName, listBackups, rotateBackups } from './backup-files';
import { startDailyBackups } from './daily-backups';

// Backups on disk (ADR 18), on both databases: owner-only archives under names of their time, the newest kept, and
// the server's backup a day.

const t = useTestDatabase();
let folder: string;
const patient = { id: 1 };

beforeEach(async () => {
  folder = join(mkdtempSync(join(tmpdir(), 'healthassist-backups-')), 'backups');
  await wipeData(t.db);
  await seedIfEmpty(t.db);
});
afterEach(() => rmSync(join(folder, '..'), { recursive: true, force: true }));

const quietLog = () =>
  ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() }) as unknown as FastifyBaseLogger & {
    info: ReturnType<typeof vi.fn>;
    warn: ReturnType<typeof vi.fn>;
    error: ReturnType<typeof vi.fn>;
  };

describe('a backup in a folder', () => {
  it('is the whole archive, owner-only, in an owner-only folder, under a name of its time', async () => {
    const path = await backUpToFolder(t.db, patient, folder, new Date('2026-11-26T10:15:00.123Z'));
    expect(path).toBe(join(folder, 'healthassist-2026-11-26T101500Z.zip'));
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(statSync(path!).mode & 0o777).toBe(0o600);
    const files = await unzip(readFileSync(path!));
    expect([...files.keys()]).toEqual(expect.arrayContaining(['healthassist.json', 'manifest.json']));
    expect([...files.keys()].filter((name) => name.startsWith('documents/')).length).toBeGreaterThan(0);
    expect(readdirSync(folder)).toEqual(['healthassist-2026-11-26T101500Z.zip']);
  });

  it('is not written when there is no patient', async () => {
    await wipeData(t.db);
    expect(await backUpToFolder(t.db, patient, folder)).toBeNull();
    expect(readdirSync(folder)).toEqual([]);
  });
});

describe('rotation', () => {
  it('keeps the newest backups and leaves every other file alone', async () => {
    const days = Array.from({ length: 9 }, (_, day) => new Date(Date.UTC(2026, 10, 1 + day, 3)));
    for (const day of days) await backUpToFolder(t.db, patient, folder, day);
    writeFileSync(join(folder, 'notes.txt'), 'mine');
    writeFileSync(join(folder, 'healthassist-2026-11-01.zip'), 'a download, not a backup');
    const removed = await rotateBackups(folder, 7);
    expect(removed).toEqual([backupName(days[0]!), backupName(days[1]!)]);
    expect(await listBackups(folder)).toEqual(days.slice(2).map(backupName));
    expect(readdirSync(folder)).toEqual(expect.arrayContaining(['notes.txt', 'healthassist-2026-11-01.zip']));
    expect(await rotateBackups(folder, 7)).toEqual([]);
  });
});

describe('the server’s backup a day', () => {
  it('writes one at start when there is none, and none while the newest is less than a day old', async () => {
    const log = quietLog();
    const first = startDailyBackups(t.db, patient, { folder, keep: 7 }, log);
    first.stop();
    await first.started;
    expect(log.info).toHaveBeenCalledWith(expect.stringMatching(/^backup written to /));
    expect(await listBackups(folder)).toHaveLength(1);

    const again = quietLog();
    const second = startDailyBackups(t.db, patient, { folder, keep: 7 }, again);
    second.stop();
    await second.started;
    expect(again.info).not.toHaveBeenCalled();
    expect(await listBackups(folder)).toHaveLength(1);
  });

  it('writes a new one when the newest is a day old, and keeps the newest `keep`', async () => {
    for (const day of [1, 2, 3]) {
      const path = (await backUpToFolder(t.db, patient, folder, new Date(Date.UTC(2026, 10, day))))!;
      const old = new Date(Date.now() - (5 - day) * 24 * 60 * 60 * 1000);
      utimesSync(path, old, old);
    }
    const log = quietLog();
    const daily = startDailyBackups(t.db, patient, { folder, keep: 2 }, log);
    daily.stop();
    await daily.started;
    expect(log.warn).not.toHaveBeenCalled();
    expect(log.info).toHaveBeenCalledWith(expect.stringMatching(/; 2 older removed, 2 kept$/));
    const kept = await listBackups(folder);
    expect(kept).toHaveLength(2);
    expect(kept[0]).toBe(backupName(new Date(Date.UTC(2026, 10, 3))));
  });
});

describe('a daily backup that fails', () => {
  const failedBackups = () => t.db.select().from(notifications).where(eq(notifications.kind, 'backup-failed'));

  /** A folder that cannot be made: a file is in its place. */
  const unwritable = () => {
    mkdirSync(join(folder, '..'), { recursive: true });
    writeFileSync(folder, 'not a folder');
  };

  it('is shown in the app once a day, however often it is tried again', async () => {
    unwritable();
    for (let start = 0; start < 2; start += 1) {
      const log = quietLog();
      const daily = startDailyBackups(t.db, patient, { folder, keep: 7 }, log);
      daily.stop();
      await daily.started;
      expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ code: expect.any(String) }), expect.stringMatching(/the daily backup into .* failed/));
      expect(log.error).not.toHaveBeenCalled();
    }
    const written = await failedBackups();
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ userId: patient.id, subject: 'backup', title: "Today's backup failed", discreetText: 'a backup failed', link: '/', readAt: null });
    expect(written[0]!.occurrence).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('is not shown when the patient switched backups off, nor when there is no patient', async () => {
    unwritable();
    await t.db.insert(notificationSettings).values({ userId: patient.id, backups: false });
    const log = quietLog();
    const daily = startDailyBackups(t.db, patient, { folder, keep: 7 }, log);
    daily.stop();
    await daily.started;
    expect(log.warn).toHaveBeenCalled();
    expect(await failedBackups()).toEqual([]);

    await wipeData(t.db);
    const empty = startDailyBackups(t.db, patient, { folder, keep: 7 }, quietLog());
    empty.stop();
    await empty.started;
    expect(await failedBackups()).toEqual([]);
  });
});
