/**
 * How Chromium runs here, for the browser tests and for Lighthouse: as root in a container, with no network
 * but loopback. The resolver rule refuses every name lookup, so nothing Chromium does on its own
 * (sign-in, extension and component update checks) can try to reach the internet.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];
