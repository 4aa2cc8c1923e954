import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { PROVIDER_SPECIALTIES, type ProviderSpecialty } from '../../../shared/rules/providers';
import { isOneOf } from './checks';
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
  },
  (t) => [
    index('providers_user_idx').on(t.userId, t.name),
    check('providers_specialty_check', isOneOf(t.specialty, PROVIDER_SPECIALTIES)),
    check('providers_name_check', sql`btrim(${t.name}) <> ''`),
  ],
);
