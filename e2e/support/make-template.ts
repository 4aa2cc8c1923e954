// Prepares a PGlite data folder that browser tests copy: 'seeded' holds the demo patient, 'account' only
// the onboarded patient, so every card starts empty, and 'empty' no patient at all, as a first start with
// SEED=false leaves it. Tests create anything else through the API, as the screens do.
import { openPglite } from '../../src/server/db/client';
import { seedIfEmpty } from '../../src/server/db/seed';
import { createUser } from '../../src/testing/factories';

const [dataDir, kind] = process.argv.slice(2);
if (!dataDir || (kind !== 'seeded' && kind !== 'account' && kind !== 'empty')) {
  console.error('usage: make-template.ts <dataDir> seeded|account|empty');
  process.exit(2);
}
const database = await openPglite({ dataDir });
if (kind === 'seeded') {
  await seedIfEmpty(database.db);
} else if (kind === 'account') {
  // Onboarded, so the screens open as themselves rather than on the first-run wizard.
  await createUser(database.db, { displayName: 'Alex Morgan', email: 'alex.morgan@example.com', onboardedAt: new Date() });
}
await database.close();
