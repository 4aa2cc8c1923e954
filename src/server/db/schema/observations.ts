import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { SourceIdentifier } from '../../../shared/rules/codes';
import { MEASURE_KINDS, VALUE_TYPES, type MeasureKind, type ValueType } from '../../../shared/rules/measures';
import { COMPARATORS, OBSERVATION_SOURCES, type Comparator, type ObservationSource } from '../../../shared/rules/observations';
import { isJsonArray, isOneOf } from './checks';
import { medicalRecords } from './medical-records';
import { users } from './users';

/**
 * Vitals and lab results (issue 35): one row a reading. The value is kept as given (`value`, `unit`, `comparator`;
 * blood pressure's diastolic in `second_value`; words in `value_text`), and once more in the measure's own unit
 * (`chart_value`, `second_chart_value`), computed with UCUM when it is written: the trend, the flag and the duplicate
 * check compare readings given in mg/dL and in mmol/L in one unit without converting each time. The flag is derived
 * when read, never stored.
 */
export const observations = pgTable(
  'observations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The measure's kind (rules/measures.ts), from its code: the Vitals and Lab Results pages each read one. */
    kind: text('kind').$type<MeasureKind>().notNull(),
    /** The measure's LOINC code, as the table in rules/measures.ts names it. */
    code: text('code').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    valueType: text('value_type').$type<ValueType>().notNull(),
    /** The number as given (blood pressure's systolic); null for words. */
    value: doublePrecision('value'),
    /** Blood pressure's diastolic. */
    secondValue: doublePrecision('second_value'),
    comparator: text('comparator').$type<Comparator>(),
    valueText: text('value_text'),
    /** The unit as given, a UCUM code. */
    unit: text('unit'),
    chartValue: doublePrecision('chart_value'),
    secondChartValue: doublePrecision('second_chart_value'),
    referenceLow: doublePrecision('reference_low'),
    referenceHigh: doublePrecision('reference_high'),
    referenceText: text('reference_text'),
    source: text('source').$type<ObservationSource>().notNull().default('patient'),
    sourceName: text('source_name'),
    note: text('note'),
    medicalRecordId: integer('medical_record_id').references(() => medicalRecords.id, { onDelete: 'set null' }),
    /** The identifiers and `fullUrl` of the FHIR resource it came from (rules/codes.ts SourceIdentifier); [] otherwise. */
    identifiers: jsonb('identifiers').$type<SourceIdentifier[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A page of the Vitals or the Lab Results list, newest first (ADR 19).
    index('observations_user_kind_idx').on(t.userId, t.kind, t.takenAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // One measure's trend, its newest reading, and the duplicate check of an import.
    index('observations_user_code_idx').on(t.userId, t.code, t.takenAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('observations_medical_record_idx').on(t.medicalRecordId),
    check('observations_kind_check', isOneOf(t.kind, MEASURE_KINDS)),
    check('observations_value_type_check', isOneOf(t.valueType, VALUE_TYPES)),
    check('observations_code_check', sql`btrim(${t.code}) <> ''`),
    check('observations_comparator_check', isOneOf(t.comparator, COMPARATORS)),
    check('observations_source_check', isOneOf(t.source, OBSERVATION_SOURCES)),
    // Each value type has its columns and no other: words alone; a number with its unit; blood pressure's two numbers.
    check(
      'observations_value_check',
      sql`case ${t.valueType}
        when 'text' then ${t.valueText} is not null and ${t.value} is null and ${t.secondValue} is null and ${t.chartValue} is null and ${t.comparator} is null
        when 'quantity' then ${t.value} is not null and ${t.unit} is not null and ${t.chartValue} is not null and ${t.secondValue} is null and ${t.valueText} is null
        else ${t.value} is not null and ${t.secondValue} is not null and ${t.chartValue} is not null and ${t.secondChartValue} is not null and ${t.comparator} is null and ${t.valueText} is null
      end`,
    ),
    check('observations_reference_check', sql`${t.referenceLow} <= ${t.referenceHigh}`),
    check('observations_identifiers_check', isJsonArray(t.identifiers)),
  ],
);
