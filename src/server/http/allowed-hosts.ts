import type { Env } from '../env';
import { formatHost, type HostAndPort, parseHost, parseHostEntry, type Scheme } from '../core/host-names';

/**
 * The names that reach this machine only: localhost, 127.0.0.1 and [::1]. Not the rest of 127.0.0.0/8 nor
 * *.localhost: the app is opened at these three, and a wider set is one ALLOWED_HOSTS entry away.
 * Without a port (PORT=0, chosen only when the server listens) they match on any port.
 */
export function loopbackHosts(port?: number): string[] {
  return ['localhost', '127.0.0.1', '[::1]'].map((name) => (port ? `${name}:${port}` : name));
}

/** Addresses that mean "every interface": no browser opens the app at them ('0.0.0.0' is an attack path). */
const WILDCARD_ADDRESSES = new Set(['0.0.0.0', '::', '[::]']);

/**
 * Every host name this server answers to, from the environment: the loopback names on PORT, the address
 * it listens on when HOST names one (a LAN address, say), and ALLOWED_HOSTS (a reverse proxy's public name).
 * The server itself speaks plain http, so its own names carry no scheme. An ALLOWED_HOSTS name is what a TLS proxy
 * answers to (README, docs/deploying.md), so a bare one is https only; an entry may say `http://` to allow plain http.
 */
export function allowedHostsFor(env: Pick<Env, 'HOST' | 'PORT' | 'ALLOWED_HOSTS'>): string[] {
  const hosts = loopbackHosts(env.PORT);
  if (!WILDCARD_ADDRESSES.has(env.HOST)) {
    const address = env.HOST.includes(':') && !env.HOST.startsWith('[') ? `[${env.HOST}]` : env.HOST;
    const listening = parseHost(env.PORT ? `${address}:${env.PORT}` : address);
    if (listening) hosts.push(formatHost(listening));
  }
  const proxied = env.ALLOWED_HOSTS.map((entry) => (/^https?:\/\//.test(entry) ? entry : `https://${entry}`));
  return [...new Set([...hosts, ...proxied])];
}

/**
 * Whether a host (its port written out: 80 for a Host header without one) is one of `allowedHosts`, and, when the
 * scheme is known (an Origin's), over a scheme its entry allows. An entry without a port allows its name on every
 * port: behind a proxy, the proxy decides the port. An entry without a scheme (`name`, not `https://name`) allows both.
 */
export function hostMatcher(allowedHosts: readonly string[]): (host: HostAndPort & { scheme?: Scheme }) => boolean {
  const entries = allowedHosts.map((entry) => {
    const parsed = parseHostEntry(entry);
    if (!parsed) throw new Error(`Not a host name: ${entry}`);
    return parsed;
  });
  return ({ hostname, port, scheme }) =>
    entries.some(
      (entry) =>
        entry.hostname === hostname &&
        (entry.port === null || entry.port === port) &&
        (scheme === undefined || entry.scheme === null || entry.scheme === scheme),
    );
}
