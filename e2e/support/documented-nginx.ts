import { readFileSync } from 'node:fs';

/** What the test changes in the documented configuration: where it listens, the app's port, the certificate's files. */
export interface NginxPlaces {
  httpPort: number;
  httpsPort: number;
  appPort: number;
  certificate: string;
  key: string;
}

/** The first ```nginx block of docs/deploying.md, exactly as a self-hoster copies it. */
export function documentedNginxSite(doc = readFileSync('docs/deploying.md', 'utf8')): string {
  const block = /```nginx\n([\s\S]*?)\n```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/deploying.md has no ```nginx block');
  return block;
}

/**
 * The documented site with this machine's places in it, nothing else: loopback ports of the test's own instead of 80
 * and 443 (which other runs, or a stock nginx, may hold; the IPv6 lines go, as a container may have no IPv6), the
 * test's app instead of port 5000, and a self-signed certificate instead of certbot's. Each change must find what it
 * replaces, so that the doc cannot drift away from what runs here.
 */
export function placeNginxSite(site: string, places: NginxPlaces): string {
  const changes: [RegExp, string][] = [
    [/^\s*listen \[::\]:(80|443)\b.*\n/gm, ''],
    [/^(\s*)listen 80;$/gm, `$1listen 127.0.0.1:${places.httpPort};`],
    [/^(\s*)listen 443 /gm, `$1listen 127.0.0.1:${places.httpsPort} `],
    [/proxy_pass http:\/\/127\.0\.0\.1:5000;/g, `proxy_pass http://127.0.0.1:${places.appPort};`],
    [/^(\s*)ssl_certificate \S+;$/gm, `$1ssl_certificate ${places.certificate};`],
    [/^(\s*)ssl_certificate_key \S+;$/gm, `$1ssl_certificate_key ${places.key};`],
  ];
  let placed = site;
  for (const [pattern, replacement] of changes) {
    if (!pattern.test(placed)) throw new Error(`the documented nginx configuration has nothing matching ${pattern}`);
    pattern.lastIndex = 0;
    placed = placed.replace(pattern, replacement);
  }
  return placed;
}
