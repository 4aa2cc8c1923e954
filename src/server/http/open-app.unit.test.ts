import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, reachOf, wasForwarded } from './open-app';

const request = (remoteAddress: string | undefined, headers: Record<string, string> = {}, destroyed = false) =>
  ({ socket: { remoteAddress, destroyed }, headers }) as unknown as Pick<FastifyRequest, 'headers' | 'socket'>;

describe('the open app is open only to a request straight from this machine', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'])('counts %s as this machine', (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });

  it.each(['10.0.0.5', '192.168.1.20', '203.0.113.9', '::ffff:10.0.0.5', '2001:db8::1', '::', '0.0.0.0', '128.0.0.1', '', undefined])(
    'counts %s as another machine',
    (address) => {
      expect(isLoopbackAddress(address)).toBe(false);
    },
  );

  it.each(['Forwarded', 'X-Forwarded-For', 'x-forwarded-host', 'X-Forwarded-Proto', 'Via', 'X-Real-IP', 'CF-Connecting-IP'])('sees %s as a proxy in front', (header) => {
    expect(wasForwarded({ [header.toLowerCase()]: 'anything' })).toBe(true);
    expect(reachOf(request('127.0.0.1', { [header.toLowerCase()]: '127.0.0.1' }))).toBe('beyond');
  });

  it('lets in a loopback peer with no forwarding header, and nobody else', () => {
    expect(reachOf(request('127.0.0.1', { host: 'localhost:5000', 'user-agent': 'curl' }))).toBe('this-machine');
    expect(reachOf(request('192.168.1.7', { host: 'localhost:5000' }))).toBe('beyond');
    expect(reachOf(request(undefined))).toBe('beyond');
  });

  it('tells a client that left (its socket closed, its peer forgotten) from one beyond this machine', () => {
    expect(reachOf(request(undefined, {}, true))).toBe('gone');
  });
});
