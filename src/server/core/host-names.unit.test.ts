import { describe, expect, it } from 'vitest';
import { parseHost, parseOrigin } from './host-names';

describe('parseHost', () => {
  it.each([
    ['localhost:5000', 'localhost', 5000],
    ['LOCALHOST:5000', 'localhost', 5000],
    ['localhost.:5000', 'localhost', 5000],
    ['localhost', 'localhost', null],
    ['127.0.0.1:5000', '127.0.0.1', 5000],
    // Browsers write these short and numeric forms of 127.0.0.1 out in full before they send them.
    ['127.1:5000', '127.0.0.1', 5000],
    ['[::1]:5000', '[::1]', 5000],
    ['[0:0:0:0:0:0:0:1]', '[::1]', null],
    ['Health.Example.com.', 'health.example.com', null],
    ['my_host.lan:8080', 'my_host.lan', 8080],
  ])('reads %s as %s on port %s', (text, hostname, port) => {
    expect(parseHost(text)).toEqual({ hostname, port });
  });

  it.each([
    '',
    '.',
    ':5000',
    'localhost:',
    'localhost:0',
    'localhost:65536',
    'evil.example.com@localhost:5000',
    'localhost:5000/evil',
    'localhost:5000?x',
    'http://localhost:5000',
    'local host',
    '::1',
    '[::1',
    '[not-an-address]:5000',
    'héalth.example.com',
  ])('reads %j as no host name', (text) => {
    expect(parseHost(text)).toBeNull();
  });
});

describe('parseOrigin', () => {
  it.each([
    ['http://127.0.0.1:5000', 'http', '127.0.0.1', 5000],
    ['http://localhost', 'http', 'localhost', 80],
    ['https://health.example.com', 'https', 'health.example.com', 443],
    ['HTTPS://Health.Example.com:8443', 'https', 'health.example.com', 8443],
    ['http://[::1]:5000', 'http', '[::1]', 5000],
  ])('reads %s as %s, %s on port %i', (text, scheme, hostname, port) => {
    expect(parseOrigin(text)).toEqual({ scheme, hostname, port });
  });

  it.each(['null', '', 'localhost:5000', 'file://', 'chrome-extension://abcdef', 'ftp://localhost', 'http://localhost:5000/', 'http://user@localhost:5000'])(
    'reads %j as nobody',
    (text) => {
      expect(parseOrigin(text)).toBeNull();
    },
  );
});
