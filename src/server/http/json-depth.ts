import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, OPEN_BRACE, OPEN_BRACKET, QUOTE } from './json-bytes';

/**
 * How deep a request's JSON may nest. The API's deepest body (onboarding) nests two levels; 32 leaves room for a
 * chat's free-form `metadata` while keeping every recursive walk over a body (JSON.stringify, a serializer, zod) far
 * from the call stack's limit: 200,000 levels made JSON.stringify throw.
 */
export const MAX_JSON_DEPTH = 32;


/**
 * Whether JSON text nests arrays and objects deeper than `limit`, read in one pass without parsing (brackets inside
 * strings do not count), so a hostile body is refused before anything builds it. Text that is not JSON is left to
 * the parser to refuse.
 */
export function nestsDeeperThan(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

export const tooDeepMessage = (where = 'The request body') => `${where} nests deeper than ${MAX_JSON_DEPTH} levels`;
