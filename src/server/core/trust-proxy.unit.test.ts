import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { fastifyTrustProxy } from './trust-proxy';

// TRUST_PROXY (issue 29, finding 3): what it accepts, what Fastify is handed, and the start-up error for anything else.

describe('TRUST_PROXY', () => {
  it('is off when unset or empty: no proxy is trusted', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
  });

  it('takes a hop count, or the proxies’ addresses and CIDRs, comma-separated', () => {
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: '127.0.0.1' }).TRUST_PROXY).toEqual(['127.0.0.1']);
    expect(loadEnv({ TRUST_PROXY: ' 10.0.0.0/8, ::1 ,fd00::/8' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '::1', 'fd00::/8']);
  });

  it.each([
    ['true', /TRUST_PROXY: "true" is not an IP address or CIDR/],
    ['0', /TRUST_PROXY: a hop count must be 1 to 10/],
    ['11', /TRUST_PROXY: a hop count must be 1 to 10/],
    ['proxy.example.com', /"proxy\.example\.com" is not an IP address or CIDR/],
    ['10.0.0.0/33', /"10\.0\.0\.0\/33" is not an IP address or CIDR/],
    ['127.0.0.1, 1', /"1" is not an IP address or CIDR/],
  ])('stops the server at start for %s, saying why', (value, message) => {
    expect(() => loadEnv({ TRUST_PROXY: value })).toThrow(message);
  });

  it('hands Fastify a hop count as "the nearest N hops", and addresses as they are', () => {
    const trust = fastifyTrustProxy(1) as (address: string, hop: number) => boolean;
    expect([trust('127.0.0.1', 0), trust('203.0.113.9', 1)]).toEqual([true, false]);
    expect(fastifyTrustProxy(['127.0.0.1'])).toEqual(['127.0.0.1']);
    expect(fastifyTrustProxy(false)).toBe(false);
  });
});
