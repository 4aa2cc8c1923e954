import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, SEARCH_MAX_LENGTH } from '../rules/paging';
import { limitParam, MAX_SERIAL } from './common';

export { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, SEARCH_MAX_LENGTH } from '../rules/paging';

/**
 * Where a page starts: just after the row the previous page ended with, named by its time in microseconds since
 * 1970 and its id ('1764178800123456.42'). Microseconds, the database's own precision: rows written in the same
 * millisecond would otherwise be skipped or repeated. A client passes it back as it was given.
 */
export interface PageCursor {
  /** Digits only, so that it goes into SQL as a bigint exactly (a JavaScript number holds 2^53). */
  micros: string;
  id: number;
}

const CURSOR = /^(0|[1-9]\d{0,16})\.([1-9]\d{0,9})$/;
const NOT_A_CURSOR = 'is not a cursor this list gave';

export function formatCursor(cursor: PageCursor): string {
  return `${cursor.micros}.${cursor.id}`;
}

const cursor = z.string().transform((value, ctx): PageCursor => {
  const match = CURSOR.exec(value);
  const id = Number(match?.[2]);
  if (!match || id > MAX_SERIAL) {
    ctx.addIssue({ code: 'custom', message: NOT_A_CURSOR });
    return z.NEVER;
  }
  return { micros: match[1]!, id };
});

/** `?limit=&cursor=&q=` of a paged list. */
export const PageQuery = z.object({
  limit: limitParam(PAGE_SIZE_MAX)
    .optional()
    .meta({ description: `Rows per page, 1 to ${PAGE_SIZE_MAX} (default ${PAGE_SIZE_DEFAULT})` }),
  cursor: cursor.optional().meta({ description: "The previous page's nextCursor; none for the first page" }),
  q: z
    .string()
    .trim()
    .max(SEARCH_MAX_LENGTH, `must be at most ${SEARCH_MAX_LENGTH} characters`)
    .optional()
    .transform((terms) => terms || undefined)
    .meta({ description: 'Only rows with a word starting with each word of this, whatever the case and accents' }),
});
export type PageQuery = z.output<typeof PageQuery>;

/** A page of `item`, newest first, and where the next one starts (null: this is the last). */
export function pageOf<Item extends z.ZodType>(item: Item, id: string) {
  return z
    .object({
      items: z.array(item),
      nextCursor: z.string().nullable().meta({ description: "The next page's cursor, null on the last page" }),
    })
    .meta({ id });
}
