import { sql, type SQL } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

// Search in the lists (ADR 19): PostgreSQL's own full-text search, no extension, so it works the same on PGlite and on
// any PostgreSQL server. A row's words are kept in a generated column with a GIN index; a search finds the rows that
// have a word starting with each word searched for, whatever the case and the accents.

/** PostgreSQL's tsvector: the words of a text, as the column stores them. Read only by the database. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Text made ready to be cut into words: accents taken off (decomposed, then the combining marks dropped, so 'Résumé'
 * reads 'Resume'), and ASCII punctuation made a space, so that 'lab_report-2024.pdf' is the words lab, report, 2024
 * and pdf (PostgreSQL's parser would keep 'report-2024.pdf' as one file name). Case is left to the 'simple'
 * configuration, which lowercases every script. Every function here is immutable, as a generated column requires.
 */
function readyForWords(text: SQL): SQL {
  return sql`regexp_replace(regexp_replace(normalize(${text}, NFD), '[\\u0300-\\u036f]', '', 'g'), '[[:punct:]]+', ' ', 'g')`;
}

/** The words of `text` (SQL of the row's own columns, unqualified, as a generated column is written). */
export function searchWords(text: SQL): SQL {
  return sql`to_tsvector('simple'::regconfig, ${readyForWords(text)})`;
}

/**
 * What a search for `terms` matches: every word of it, each as the start of a word (so 'lab rep' finds 'Lab report
 * 12.pdf'), the words made ready by the same rule as the rows'. Once made ready a word holds no ASCII punctuation,
 * so nothing typed is read as the query's syntax. Null, which matches nothing, when the terms hold no word.
 *
 * One expression of immutable functions of the parameter, not a subquery: the database works it out while planning,
 * so the planner sees the real query and weighs the words index against the list's order index.
 */
export function searchQuery(terms: string): SQL {
  const words = sql`nullif(regexp_replace(${readyForWords(sql`${terms}::text`)}, '^\\s+|\\s+$', '', 'g'), '')`;
  return sql`to_tsquery('simple'::regconfig, regexp_replace(${words}, '\\s+', ':* & ', 'g') || ':*')`;
}
