import { describe, expect, it } from 'vitest';
import { allowedHostsFor, hostMatcher } from './allowed-hosts';

describe('allowedHostsFor', () => {
  it.each([
    ['the defaults', { HOST: '127.0.0.1', PORT: 5000, ALLOWED_HOSTS: [] }, ['localhost:5000', '127.0.0.1:5000', '[::1]:5000']],
    [
      'a public name behind a proxy',
      { HOST: '127.0.0.1', PORT: 5000, ALLOWED_HOSTS: ['health.example.com'] },
      ['localhost:5000', '127.0.0.1:5000', '[::1]:5000', 'https://health.example.com'],
    ],
    [
      'a name on the home network over plain http',
      { HOST: '0.0.0.0', PORT: 5000, ALLOWED_HOSTS: ['http://health.lan:5000'] },
      ['localhost:5000', '127.0.0.1:5000', '[::1]:5000', 'http://health.lan:5000'],
    ],
    [
      'every interface, which adds no name of its own',
      { HOST: '0.0.0.0', PORT: 8080, ALLOWED_HOSTS: [] },
      ['localhost:8080', '127.0.0.1:8080', '[::1]:8080'],
    ],
    ['every IPv6 interface', { HOST: '::', PORT: 8080, ALLOWED_HOSTS: [] }, ['localhost:8080', '127.0.0.1:8080', '[::1]:8080']],
    [
      'a LAN address to listen on',
      { HOST: '192.168.1.20', PORT: 5000, ALLOWED_HOSTS: [] },
      ['localhost:5000', '127.0.0.1:5000', '[::1]:5000', '192.168.1.20:5000'],
    ],
    [
      'an IPv6 address to listen on',
      { HOST: 'fd00::20', PORT: 5000, ALLOWED_HOSTS: [] },
      ['localhost:5000', '127.0.0.1:5000', '[::1]:5000', '[fd00::20]:5000'],
    ],
    // PORT=0 lets the system choose at listen, after the app is built: the loopback names match on any port.
    ['a port chosen at listen', { HOST: 'localhost', PORT: 0, ALLOWED_HOSTS: [] }, ['localhost', '127.0.0.1', '[::1]']],
  ])('lists %s', (_case, env, hosts) => {
    expect(allowedHostsFor(env)).toEqual(hosts);
  });
});

describe('hostMatcher', () => {
  const isAllowed = hostMatcher(['localhost:5000', 'health.example.com']);

  it.each([
    ['localhost', 5000, true],
    ['localhost', 5001, false],
    ['health.example.com', 443, true],
    ['health.example.com', 8443, true],
    ['evil.example.com', 5000, false],
    ['localhost.evil.example.com', 5000, false],
  ])('%s on port %i: %s', (hostname, port, allowed) => {
    expect(isAllowed({ hostname, port })).toBe(allowed);
  });

  it('refuses to start from an entry that is not a host name', () => {
    expect(() => hostMatcher(['https://health.example.com/app'])).toThrow('Not a host name: https://health.example.com/app');
  });

  it.each([
    ['https', 'health.example.com', 443, true],
    ['http', 'health.example.com', 443, false],
    ['http', 'health.lan', 80, true],
    ['https', 'health.lan', 443, false],
    ['http', 'localhost', 5000, true],
    ['https', 'localhost', 5000, true],
  ] as const)('an origin over %s on %s:%i: %s (a scheme counts when the entry names one)', (scheme, hostname, port, allowed) => {
    const withSchemes = hostMatcher(['localhost:5000', 'https://health.example.com', 'http://health.lan']);
    expect(withSchemes({ scheme, hostname, port })).toBe(allowed);
    // A Host header has no scheme: the name and port alone decide.
    expect(withSchemes({ hostname, port })).toBe(true);
  });
});
