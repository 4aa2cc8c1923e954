import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { startDailyBackups } from './archive/daily-backups';
import { keepPlannerStatistics } from './db/planner-statistics';
import { pruneSessions } from './auth/sessions';
import { announceSetupCode } from './auth/setup-announcement';
import { signInSettingsFor } from './auth/sign-in-settings';
import { exitIfDataDirInUse } from './db/data-dir-lock';
import { openConfiguredDatabase } from './db/open';
import { seedIfEmpty } from './db/seed';
import { loadEnv } from './env';
import { allowedHostsFor } from './http/allowed-hosts';
import { CURRENT_USER_ID } from '../shared/rules/patient';
import { confirmationCallerFor } from './services/confirmation-call/index';
import { languageModelFor } from './services/language-model/index';
import { n8nFor } from './services/n8n/index';
import { notificationChannelsFor, publicUrlFor } from './services/notifications/channels/index';
import type { Reminders } from './services/notifications/scheduler';

// First, before anything writes: what this process creates is its owner's only, files 0600 and folders 0700
// (ADR 12). That alone does not make the data folder private: PGlite's file layer chmods each file it creates to
// the mode asked for, past the umask (its initdb asks 0666), and files of earlier runs keep theirs. So openPglite
// also tightens the folder with makePrivate, before and after PGlite opens it.
process.umask(0o077);
const env = loadEnv();
const database = await openConfiguredDatabase(env).catch(exitIfDataDirInUse);
// Two levels up is the project both from src/server/main.ts (npm run dev) and from its compiled dist/server/main.js.
const builtWebApp = fileURLToPath(new URL('../../dist/web', import.meta.url));
const webRoot = existsSync(`${builtWebApp}/index.html`) ? builtWebApp : null;
const signIn = signInSettingsFor(env);
const notificationChannels = notificationChannelsFor(env);
const app = await buildApp({
  database,
  logger: { level: env.LOG_LEVEL },
  webRoot,
  allowedHosts: allowedHostsFor(env),
  confirmationCaller: confirmationCallerFor(env.confirmationCall),
  chat: { n8n: n8nFor(env.n8n), languageModel: languageModelFor(env.languageModel), messagesPerMinute: env.CHAT_MESSAGES_PER_MINUTE },
  signIn,
  maxArchiveBytes: env.ARCHIVE_MAX_MB * 2 ** 20,
  trustProxy: env.TRUST_PROXY,
  notificationChannels,
});
// Which outside services the chats use, never their addresses or keys.
app.log.info(
  `chats: the n8n tab is answered by ${env.n8n?.chatUrl ? 'n8n' : 'the built-in assistant'}, the workflow page by ${env.n8n?.workflowUrl ? 'n8n' : 'the built-in assistant'}` +
    (env.languageModel ? ', with a language model' : ''),
);
if (env.confirmationCall) app.log.info(`confirmation calls to providers go through ${env.confirmationCall.provider}`);
if (!webRoot) app.log.warn('dist/web is missing: serving the API only (npm start builds the web app)');
app.log.info({ database: database.kind, location: database.location }, `database: ${database.kind} at ${database.location}`);

if (env.SEED && (await seedIfEmpty(database.db))) {
  app.log.info('seeded the demo patient into an empty database');
}
// Sessions that ended while the server was down.
await pruneSessions(database.db, signIn.limits);
// After the seed: a demo reachable beyond this machine is served to nobody until the setup code sets a passphrase.
await announceSetupCode(database.db, signIn, app.log);

const SHUTDOWN_GRACE_MS = 10_000;
let closing = false;
/** Seconds after listening that reminders start: the first page, asked for as the app comes up, goes first. */
const REMINDERS_AFTER_MS = 5_000;
let remindersLater: NodeJS.Timeout | undefined = undefined;
/** Reminders as they start; a shutdown meanwhile waits for the start, then stops them. */
let reminders: Promise<Reminders | null> = Promise.resolve(null);
async function shutDown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: finishing open requests, then closing the database`);
  // A client that keeps a request open must not hold the shutdown forever.
  setTimeout(() => {
    app.log.warn(`requests still open after ${SHUTDOWN_GRACE_MS / 1000} s: closing their connections`);
    app.server.closeAllConnections();
  }, SHUTDOWN_GRACE_MS).unref();
  try {
    await app.close();
    clearTimeout(remindersLater);
    await (await reminders)?.stop();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.once('SIGTERM', () => void shutDown('SIGTERM'));
process.once('SIGINT', () => void shutDown('SIGINT'));

try {
  await app.listen({ host: env.HOST, port: env.PORT });
} catch (error) {
  app.log.error({ err: error }, 'could not start listening');
  await database.close();
  process.exit(1);
}
// Some seconds after listening, so the first page does not wait for the job library (ADR 20): reminders, computed
// every minute and sent beyond the app by the channels set up (ADR 23). The scheduler and pg-boss are loaded only
// then, from a chunk of their own, so start-up does not even parse them. A failure to start is logged and the app
// serves on; a shutdown before then starts nothing.
remindersLater = setTimeout(() => {
  if (closing) return;
  reminders = import('./services/notifications/scheduler')
    .then(({ startReminders }) =>
      startReminders({ database, channels: notificationChannels, publicUrl: publicUrlFor(env), log: app.log, planEverySeconds: env.REMINDERS_EVERY_SECONDS }),
    )
    .catch((error: unknown) => {
      app.log.error({ err: error }, 'reminders could not start: none will be sent until the app restarts');
      return null;
    });
}, REMINDERS_AFTER_MS);
// On PGlite no autovacuum gathers the planner's statistics: the server does (ADR 19).
if (database.kind === 'pglite') keepPlannerStatistics(database.db, app.log);
// On PGlite nothing else keeps a copy: a backup a day, beside the data folder (ADR 18). A PostgreSQL server has its own
// (pg_dump, the README says how); `npm run backup` serves both.
if (database.kind === 'pglite' && env.BACKUP_KEEP > 0) startDailyBackups(database.db, { id: CURRENT_USER_ID }, { folder: env.backupDir, keep: env.BACKUP_KEEP }, app.log);
