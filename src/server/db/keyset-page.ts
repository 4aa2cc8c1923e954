import { and, desc, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { formatCursor, PAGE_SIZE_DEFAULT, type PageQuery } from '../../shared/contracts/paging';
import type { Database } from './client';
import { contractColumns } from './json-list';
import { searchQuery } from './schema/search';

/** A table that pages newest first: by a time, then by id, as its index is ordered. */
export interface PagedTable {
  table: PgTable;
  /** The time the list is ordered by, newest first. */
  time: PgColumn;
  id: PgColumn;
  /** The generated column of the row's words (schema/search.ts); a list without a search has none. */
  search?: PgColumn;
}

export interface Page<Row> {
  items: Row[];
  nextCursor: string | null;
}

/**
 * The query of one page of a list, newest first (ADR 19): the rows in `where` after the cursor's row, one more than
 * `limit` (whether there is a next page, without counting), with each row's exact time for the next cursor. Keyset
 * paging, not an offset: a page starts after a row's (time, id), so rows added or deleted meanwhile never make the
 * next page repeat or skip one, and every page costs the same, read from the index that orders the list. Only the
 * contract's fields are read. Run it with readPage; the plan tests explain it.
 */
export function pageQuery<Schema extends z.ZodObject>(db: Database, paged: PagedTable, rowContract: Schema, where: SQL, query: PageQuery) {
  const { limit = PAGE_SIZE_DEFAULT, cursor, q } = query;
  const fields = Object.fromEntries(contractColumns(paged.table, rowContract, 'pageQuery'));
  return db
    .select({
      ...fields,
      // The exact time, in whole microseconds (extract gives a numeric, exact), for the cursor.
      pageMicros: sql<string>`(extract(epoch from ${paged.time}) * 1000000)::bigint::text`,
    })
    .from(paged.table)
    .where(
      and(
        where,
        cursor && sql`(${paged.time}, ${paged.id}) < (timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond', ${cursor.id})`,
        q === undefined ? undefined : sql`${searchColumn(paged)} @@ ${searchQuery(q)}`,
      ),
    )
    .orderBy(desc(paged.time), desc(paged.id))
    .limit(limit + 1);
}

/** A list without a search is never asked for one: its route's query has no `q`. */
function searchColumn({ table, search }: PagedTable): PgColumn {
  if (!search) throw new Error(`${getTableName(table)}: a list without a search was asked for one`);
  return search;
}

/** Runs a page's query: its rows, and the cursor after the last of them when there are more. */
export async function readPage<Row>(query: PromiseLike<Array<Record<string, unknown>>>, { limit = PAGE_SIZE_DEFAULT }: PageQuery): Promise<Page<Row>> {
  const rows = await query;
  const items = rows.slice(0, limit);
  // Every paged contract has the row's id (PagedTable.id), read with the other fields.
  const last = rows.length > limit ? (items.at(-1) as { id: number; pageMicros: string }) : undefined;
  return {
    items: items.map(({ pageMicros: _micros, ...row }) => row as Row),
    nextCursor: last ? formatCursor({ micros: last.pageMicros, id: last.id }) : null,
  };
}
