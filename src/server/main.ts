import { buildApp } from './app';
import { openConfiguredDatabase } from './db/open';
import { isEmpty, seedDemoData } from './db/seed';
import { loadEnv } from './env';

const env = loadEnv();
const database = await openConfiguredDatabase(env);
const app = await buildApp({ database, logger: { level: env.LOG_LEVEL } });
app.log.info({ database: database.kind, location: database.location }, `database: ${database.kind} at ${database.location}`);

if (env.SEED && (await isEmpty(database.db))) {
  await seedDemoData(database.db);
  app.log.info('seeded the demo patient into an empty database');
}

let closing = false;
async function shutDown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: finishing open requests, then closing the database`);
  try {
    await app.close();
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
