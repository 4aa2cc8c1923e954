/**
 * The limits of a paged list (ADR 19), without zod: the search field in the browser reads its maximum length here,
 * so a screen's first code does not bring the schema library (ADR 20). contracts/paging.ts checks against them.
 */
export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 50;
export const SEARCH_MAX_LENGTH = 200;
