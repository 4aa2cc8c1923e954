import { describe, expect, it } from 'vitest';
import { queryWithoutValues, textSafeToLog } from './log-text';

describe('textSafeToLog', () => {
  it.each([
    ['a URL, with its key', 'Failed to parse URL from https://n8n.example.com/webhook/abc?key=MARK', 'Failed to parse URL from <url>'],
    ['a database URL', 'connect to postgres://app:MARK@db.internal:5432/health failed', 'connect to <url> failed'],
    ['a path’s query string', 'Reply was already sent in "/api/users/1?note=MARK" (GET)', 'Reply was already sent in "/api/users/1?<query>" (GET)'],
    ['a refused connection', 'connect ECONNREFUSED 10.1.2.3:5678', 'connect ECONNREFUSED <address>'],
    ['a refused IPv6 connection', 'connect ECONNREFUSED ::1:11434', 'connect ECONNREFUSED <address>'],
    ['a name that does not resolve', 'getaddrinfo ENOTFOUND n8n.internal', 'getaddrinfo ENOTFOUND <address>'],
    ['undici’s timeout', 'Connect Timeout Error (attempted address: n8n.internal:443, timeout: 10000ms)', 'Connect Timeout Error (attempted address: <address>, timeout: 10000ms)'],
    ['an address in brackets', 'no answer from [fe80::1]:8080', 'no answer from <address>'],
    ['an IPv4 address', 'no answer from 192.168.1.20', 'no answer from <address>'],
    ['nothing to cut', "Cannot read properties of undefined (reading 'id')", "Cannot read properties of undefined (reading 'id')"],
  ])('cuts %s out', (_case, text, logged) => {
    expect(textSafeToLog(text)).toBe(logged);
  });

  it('cuts a long text to 500 characters', () => {
    expect(textSafeToLog('x'.repeat(2000))).toBe(`${'x'.repeat(500)}…`);
  });
});

describe('queryWithoutValues', () => {
  it.each([
    ['placeholders and identifiers', 'update "users" set "t1" = $1 where "users"."id" = $2', 'update "users" set "t1" = $1 where "users"."id" = $2'],
    ['a string literal', "select * from x where note = 'MARK' and n = $1", 'select * from x where note = ? and n = $1'],
    ['a literal with a quote inside', "select 'MARK''s' as a", 'select ? as a'],
    ['an escape string', "select E'MARK\\n'", 'select ?'],
    ['a dollar-quoted string', 'select $tag$MARK$tag$, $$MARK$$', 'select ?, ?'],
    ['numbers', 'select 42, 3.14, 1e5 from x limit 10', 'select ?, ?, ? from x limit ?'],
    ['an interval', "now() - interval '1 hour'", 'now() - interval ?'],
    ['an unterminated literal', "select 'MARK and more", 'select ?'],
  ])('replaces the values of %s', (_case, query, logged) => {
    expect(queryWithoutValues(query)).toBe(logged);
  });
});
