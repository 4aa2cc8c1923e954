import { sql } from 'drizzle-orm';
import { check, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * What this installation remembers apart from any patient: before the first run has created one, there is no
 * user row to keep it on. One row at most (id 1).
 */
export const installation = pgTable(
  'installation',
  {
    id: integer('id').primaryKey().default(1),
    /** When the first-run wizard was skipped ('Skip for now'); the app then stops sending the patient there. */
    onboardingSkippedAt: timestamp('onboarding_skipped_at', { withTimezone: true }),
  },
  (t) => [check('installation_single_row_check', sql`${t.id} = 1`)],
);
