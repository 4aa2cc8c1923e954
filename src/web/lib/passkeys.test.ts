import { afterEach, describe, expect, it, vi } from 'vitest';
import { passkeysSupported } from './passkeys';

// Whether a page can offer passkeys; the ceremonies themselves run in a real browser (e2e/passkeys.spec.ts).

function pageAt(hostname: string, { secure = true, webAuthn = true } = {}) {
  vi.stubGlobal('window', { isSecureContext: secure, location: { hostname }, ...(webAuthn ? { PublicKeyCredential: function PublicKeyCredential() {} } : {}) });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('passkeysSupported', () => {
  it.each([
    ['localhost', {}, true],
    ['health.example.com', {}, true],
    ['127.0.0.1', {}, false],
    ['192.168.1.20', {}, false],
    ['[::1]', {}, false],
    ['health.example.com', { secure: false }, false],
    ['localhost', { webAuthn: false }, false],
  ])('on %s %o: %s', (hostname, page, expected) => {
    pageAt(hostname, page);
    expect(passkeysSupported()).toBe(expected);
  });

  it('is false outside a browser', () => {
    expect(passkeysSupported()).toBe(false);
  });
});
