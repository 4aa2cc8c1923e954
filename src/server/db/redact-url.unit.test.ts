import { describe, expect, it } from 'vitest';
import { redactUrl } from './client';

describe('redactUrl', () => {
  it.each([
    ['no password', 'postgres://app@db.internal:5432/health', 'postgres://app@db.internal:5432/health'],
    ['a password in the user part', 'postgres://app:hunter2@db.internal:5432/health', 'postgres://app:***@db.internal:5432/health'],
    ['a password in the query', 'postgres://app@db.internal/health?password=hunter2', 'postgres://app@db.internal/health?password=***'],
    ['both', 'postgresql://app:hunter2@db/health?password=hunter2', 'postgresql://app:***@db/health?password=***'],
    [
      "libpq's sslpassword, keeping the other parameters as written",
      'postgres://db/health?sslmode=verify-full&sslpassword=hunter2&application_name=health%20assist',
      'postgres://db/health?sslmode=verify-full&sslpassword=***&application_name=health%20assist',
    ],
    ['a parameter in capitals', 'postgres://db/health?PassWord=hunter2', 'postgres://db/health?PassWord=***'],
    ['a parameter named with an encoded letter', 'postgres://db/health?pass%77ord=hunter2', 'postgres://db/health?pass%77ord=***'],
    ['an API token, a secret and a key', 'postgres://db/h?api_token=t1&client_secret=s1&sslkey=k1&x=1', 'postgres://db/h?api_token=***&client_secret=***&sslkey=***&x=1'],
    ['a secret parameter without a value', 'postgres://db/health?password', 'postgres://db/health?password=***'],
    ['a socket folder in the query', 'postgresql:///health?host=/var/run/postgresql', 'postgresql:///health?host=/var/run/postgresql'],
  ])('redacts %s', (_case, url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it('logs no part of a URL it cannot read', () => {
    expect(redactUrl('postgres://app:hunter2@[db/health')).not.toContain('hunter2');
  });
});
