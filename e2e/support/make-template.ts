// Prepares a PGlite data folder that browser tests copy: 'seeded' holds the demo patient, 'account' only
// the onboarded patient, so every card starts empty, 'empty' no patient at all, as a first start with
// SEED=false leaves it, and 'long-record' the onboarded patient with 2,000 documents (a record grown over years,
// too many to upload through the API in a test), and 'other-patient' an account numbered 7 with a passphrase and no
// patient yet, so the patient that signs in and onboards is not user 1 (OTHER_PATIENT). Tests create anything else
// through the API, as the screens do.
import { openPglite } from '../../src/server/db/client';
import { seedIfEmpty } from '../../src/server/db/seed';
import { samplePdf } from '../../src/server/db/sample-documents';
import { hashPassphrase } from '../../src/server/auth/passphrase';
import { createAccount, createMedicalRecord, createUser } from '../../src/testing/factories';
import { LONG_RECORD } from './long-record';
import { OTHER_PATIENT } from './other-patient';

const [dataDir, kind] = process.argv.slice(2);
if (!dataDir || (kind !== 'seeded' && kind !== 'account' && kind !== 'empty' && kind !== 'long-record' && kind !== 'other-patient')) {
  console.error('usage: make-template.ts <dataDir> seeded|account|empty|long-record|other-patient');
  process.exit(2);
}
const database = await openPglite({ dataDir });
if (kind === 'seeded') {
  await seedIfEmpty(database.db);
} else if (kind === 'account' || kind === 'long-record') {
  // Onboarded, so the screens open as themselves rather than on the first-run wizard.
  const user = await createUser(database.db, { displayName: 'Alex Morgan', email: 'alex.morgan@example.com', onboardedAt: new Date() });
  if (kind === 'long-record') {
    const bytes = samplePdf('Lab report', ['A routine result']);
    for (const [index, filename] of LONG_RECORD.filenames.entries()) {
      await createMedicalRecord(database.db, user.id, { filename, bytes, uploadDate: LONG_RECORD.uploadDate(index) });
    }
  }
} else if (kind === 'other-patient') {
  await createAccount(database.db, OTHER_PATIENT.id, { passwordHash: await hashPassphrase(OTHER_PATIENT.passphrase) });
}
await database.close();
