import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { notFound } from './errors';

/** Who the request acts for. Services receive it and reach only this patient's rows. */
export interface Patient {
  readonly id: number;
}

interface PatientTable {
  id: PgColumn;
  userId: PgColumn;
}

/** The patient's rows of a table. */
export function ownRows(table: PatientTable, patient: Patient): SQL {
  return eq(table.userId, patient.id);
}

/** The patient's row with this id: another user's row matches nothing, so it is "not found" like a missing one. */
export function ownRow(table: PatientTable, patient: Patient, id: number): SQL {
  return and(eq(table.id, id), eq(table.userId, patient.id))!;
}

/** The first row of a lookup, or the 404 that names what was looked for ('Care item' → 'Care item not found'). */
export function foundOr404<Row>([row]: Row[], what: string): Row {
  if (row === undefined) throw notFound(`${what} not found`);
  return row;
}
