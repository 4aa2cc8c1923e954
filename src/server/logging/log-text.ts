/**
 * Text that is about to be logged, with what could carry a patient's data or an outside service's address cut out.
 * Pure functions on strings; error-for-log.ts decides which texts are logged at all.
 */

/** The most of one logged text: a message that long is quoting something, not describing a failure. */
const MAX_LOGGED_CHARS = 500;

/** A URL of any scheme (an n8n webhook, a model's base URL, a database URL): its address and its query are secret. */
const URL_PATTERN = /\b[a-z][a-z\d+.-]*:\/\/[^\s"'<>()]+/gi;
/** A path's query string (`/api/x?name=value`): the values a request sent. */
const QUERY_PATTERN = /(\/[^\s?"'<>()]*)\?[^\s"'<>()]+/g;
/** Node's network errors: 'connect ECONNREFUSED 10.0.0.5:5678', 'getaddrinfo ENOTFOUND n8n.internal'. */
const SYSTEM_ERROR_ADDRESS = /\b((?:connect|getaddrinfo|lookup|query[A-Za-z]*|listen|bind|read|write|send) E[A-Z][A-Z_]{2,}) \S+/g;
/** undici's 'Connect Timeout Error (attempted address: n8n.internal:443, timeout: 10000ms)'. */
const ATTEMPTED_ADDRESS = /(attempted address(?:es)?:) [^,)]+/gi;
const IPV4 = /\b\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?\b/g;
const BRACKETED_IPV6 = /\[[\da-f:.]+\](?::\d{1,5})?/gi;

/**
 * `text` without URLs, query strings or network addresses (an outside service's address is never logged: DESIGN,
 * third parties), cut to MAX_LOGGED_CHARS.
 */
export function textSafeToLog(text: string): string {
  const safe = text
    .replace(URL_PATTERN, '<url>')
    .replace(QUERY_PATTERN, '$1?<query>')
    .replace(SYSTEM_ERROR_ADDRESS, '$1 <address>')
    .replace(ATTEMPTED_ADDRESS, '$1 <address>')
    .replace(BRACKETED_IPV6, '<address>')
    .replace(IPV4, '<address>');
  return safe.length > MAX_LOGGED_CHARS ? `${safe.slice(0, MAX_LOGGED_CHARS)}…` : safe;
}

/**
 * A string literal ('…', E'…', $tag$…$tag$) or a number in SQL text. Placeholders ($1) and identifiers ("t1") are
 * not: the lookbehind keeps a digit that follows `$`, a word character, a dot or a double quote.
 */
const SQL_VALUE = /(?:\b[EeBbXxNn])?'(?:[^']|'')*'|\$([A-Za-z_]\w*)?\$[\s\S]*?\$\1\$|(?<![\w$."])\d+(?:\.\d+)?(?:[eE][+-]?\d+)?\b/g;
/** What is left of an unterminated literal (text cut short): everything after its quote may be a value. */
const UNTERMINATED_LITERAL = /'[\s\S]*$/;

/**
 * A query's text with every literal value replaced by `?`. Drizzle binds values as parameters ($1, $2, …), so its
 * text names tables and columns only; a literal written into it (`interval '1 hour'`, sql.raw) could be a value.
 */
export function queryWithoutValues(query: string): string {
  return query.replace(SQL_VALUE, '?').replace(UNTERMINATED_LITERAL, '?');
}
