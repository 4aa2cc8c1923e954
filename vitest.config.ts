import { configDefaults, defineConfig } from 'vitest/config';

const apiTests = ['src/server/**/*.test.ts'];
/** Server tests that use no test database: they run once, with the unit tests, not once per backend. */
const serverTestsWithoutDatabase = [
  'src/server/db/migrations.test.ts',
  'src/server/db/document-chunks-migration.test.ts',
  'src/server/db/sign-in-migration.test.ts',
  'src/server/reset-access-command.test.ts',
  'src/server/db/data-dir-lock.test.ts',
  'src/server/db/private-files.test.ts',
  'src/server/db/redact-url.test.ts',
  'src/server/db/pglite-pieces.test.ts',
  'src/server/auth/passphrase.test.ts',
  'src/server/auth/secrets.test.ts',
  'src/server/auth/sign-in-settings.test.ts',
  'src/server/logging/error-for-log.test.ts',
  'src/server/logging/log-text.test.ts',
  'src/server/http/error-handler.test.ts',
  'src/server/http/document-upload-body.test.ts',
  'src/server/http/contract.test.ts',
  'src/server/http/unsafe-input.test.ts',
  'src/server/http/json-depth.test.ts',
  'src/server/http/host-names.test.ts',
  'src/server/http/allowed-hosts.test.ts',
  'src/server/env.test.ts',
  'src/server/services/calendar/vtimezone.test.ts',
  'src/server/services/calendar/calendar-file.test.ts',
  'src/server/services/confirmation-call/e164.test.ts',
  'src/server/services/confirmation-call/twilio.test.ts',
  'src/server/services/confirmation-call/webhook.test.ts',
  'src/server/services/language-model/openai-compatible.test.ts',
  'src/server/services/assistant/intents.test.ts',
  'src/server/archive/document-path.test.ts',
  'src/server/archive/json-schema.test.ts',
  'src/server/db/pre-migration-copy.test.ts',
  'src/server/db/sync-to-disk.test.ts',
];
const apiExclude = [...configDefaults.exclude, ...serverTestsWithoutDatabase];

/**
 * Three projects: pure unit tests, and the same API tests once on PGlite and once on a PostgreSQL
 * server. scripts/test.mjs decides whether the PostgreSQL project runs (always on CI).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.ts', 'src/testing/**/*.test.ts', ...serverTestsWithoutDatabase],
          // Some unit tests hash passphrases (64 MiB of scrypt each) or run property checks: on a busy two-core
          // machine they take seconds, so the 5 s default would fail them for the machine's sake, not the code's.
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: apiTests,
          exclude: apiExclude,
          globalSetup: ['src/testing/global-setup-pglite.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: apiTests,
          exclude: apiExclude,
          globalSetup: ['src/testing/global-setup-postgres.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
