import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { SourceIdentifier } from '../../../shared/rules/codes';
import { PROVIDER_SPECIALTIES, type ProviderSpecialty } from '../../../shared/rules/providers';
import { isJsonArray, isOneOf } from './checks';
import { users } from './users';

export const providers = pgTable(
  'providers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    specialty: text('specialty').$type<ProviderSpecialty>(),
    phone: text('phone'),
    address: text('address'),
    /** The identifiers (an NPI) and `fullUrl` of the Practitioner it came from (issue 34); [] for one typed. */
    identifiers: jsonb('identifiers').$type<SourceIdentifier[]>().notNull().default([]),
  },
  (t) => [
    index('providers_user_idx').on(t.userId, t.name),
    check('providers_specialty_check', isOneOf(t.specialty, PROVIDER_SPECIALTIES)),
    check('providers_name_check', sql`btrim(${t.name}) <> ''`),
    check('providers_identifiers_check', isJsonArray(t.identifiers)),
  ],
);
