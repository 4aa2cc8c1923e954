import { isIP } from 'node:net';

// TRUST_PROXY (issue 29, finding 3): which hop in front of the app may say who the client is. Behind the documented
// same-machine TLS proxy every client arrives from 127.0.0.1; without this, one stranger's wrong guesses held the
// owner back and the access log showed 127.0.0.1 for everyone. Handed to Fastify's trustProxy, which then takes
// request.ip from X-Forwarded-For and the scheme from X-Forwarded-Proto, from those hops only.

/** Unset: no proxy is trusted. A hop count, or the proxies' addresses and CIDRs. */
export type TrustProxy = false | number | string[];

/** Why `value` is not a TRUST_PROXY setting, or null when it is one. */
export function trustProxyProblem(value: string): string | null {
  const entries = value.split(',').map((part) => part.trim()).filter(Boolean);
  if (entries.length === 0) return null;
  if (entries.length === 1 && /^\d+$/.test(entries[0]!)) {
    const hops = Number(entries[0]);
    return hops >= 1 && hops <= 10 ? null : 'a hop count must be 1 to 10';
  }
  for (const entry of entries) {
    const [address, prefix, ...rest] = entry.split('/');
    const version = isIP(address ?? '');
    const prefixOk = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (version === 6 ? 128 : 32));
    if (version === 0 || !prefixOk || rest.length > 0) return `"${entry}" is not an IP address or CIDR (e.g. 127.0.0.1 or 10.0.0.0/8)`;
  }
  return null;
}

/** The setting from its text, which trustProxyProblem has accepted. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const entries = (value ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  if (entries.length === 0) return false;
  if (entries.length === 1 && /^\d+$/.test(entries[0]!)) return Number(entries[0]);
  return entries;
}

/** As Fastify takes it: a hop count becomes "trust the nearest N hops" (its number form is not in its types). */
export function fastifyTrustProxy(setting: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}
