import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key';

describe('the key a client is counted under', () => {
  it('is an IPv4 address as it is, and the IPv4 address of an IPv4-mapped one', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('is the /64 of an IPv6 address, however it is written', () => {
    expect(clientKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::7')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
  });

  it('is empty for no address', () => {
    expect(clientKey(undefined)).toBe('');
    expect(clientKey('')).toBe('');
  });
});
