import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

describe('ALLOWED_HOSTS', () => {
  it.each([
    ['unset', undefined, []],
    ['empty (ALLOWED_HOSTS= in a .env file)', '', []],
    ['one name', 'health.example.com', ['health.example.com']],
    ['names and ports, spaced and cased as typed', ' Health.Example.com , care.example.org:8443,', ['health.example.com', 'care.example.org:8443']],
    ['a name with a trailing dot', 'health.example.com.', ['health.example.com']],
    ['addresses', '192.168.1.20:5000, [::1]:5000, [0:0:0:0:0:0:0:1]', ['192.168.1.20:5000', '[::1]:5000', '[::1]']],
  ])('reads %s', (_case, value, hosts) => {
    expect(loadEnv({ ALLOWED_HOSTS: value }).ALLOWED_HOSTS).toEqual(hosts);
  });

  it.each([
    ['a URL', 'https://health.example.com'],
    ['a name with a path', 'health.example.com/app'],
    ['a wildcard', '*.example.com'],
    ['a port out of range', 'health.example.com:70000'],
    ['an IPv6 address without brackets', '::1'],
    ['spaces inside a name', 'health example.com'],
  ])('refuses %s, naming the entry', (_case, value) => {
    expect(() => loadEnv({ ALLOWED_HOSTS: `care.example.org, ${value}` })).toThrow(
      `ALLOWED_HOSTS: "${value}" is not a host name or host:port (e.g. health.example.com)`,
    );
  });
});
