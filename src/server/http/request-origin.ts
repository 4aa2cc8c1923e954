import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hostMatcher } from './allowed-hosts';
import { parseHost, parseOrigin } from '../core/host-names';

/** Methods that change nothing here; every other one is a write that only this app's own pages may send. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What a browser says about who sent a request. 'none' is the patient's own doing (address bar, bookmark).
 * 'same-site' is refused: it covers every other port of localhost and every other 127.0.0.1 service
 * (an IP address is a site of its own), none of which is this app; its own requests are always same-origin.
 */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

const misdirectedMessage = (host: string) =>
  `This server does not answer to the host name ${host} (add it to ALLOWED_HOSTS to allow it)`;
const crossSiteMessage = (header: string, value: string) =>
  `Refused a change sent from another web site (${header}: ${value})`;
/** The host is this server's but the page's scheme is not the one its entry allows (docs/configuration.md). */
const wrongSchemeMessage = (origin: string) =>
  `Refused a change sent from another web site (Origin: ${origin}; ALLOWED_HOSTS allows this name over ${
    origin.toLowerCase().startsWith('https:') ? 'http' : 'https'
  } only)`;

/**
 * A server on 127.0.0.1 is reachable from any web page the patient opens, so before anything else runs:
 * - a request for a host name this server does not answer to is a 421. That is DNS rebinding: a page on
 *   evil.example.com whose name now points at 127.0.0.1 reads the API as if it were its own origin.
 * - a write that another web site sent (its Origin, or the browser's Sec-Fetch-Site) is a 403, before its
 *   body is read. A request with neither header comes from no browser page (curl, a script) and stands.
 */
export function registerRequestOriginGuard(app: FastifyInstance, allowedHosts: readonly string[]): void {
  const isAllowed = hostMatcher(allowedHosts);

  function misdirectedHost(request: FastifyRequest): string | null {
    const header = request.headers.host;
    // HTTP/1.0 may leave Host out (Node refuses that in HTTP/1.1); browsers always send it, so no page is behind it.
    if (!header) return null;
    const host = parseHost(header);
    // A Host without a port asks for port 80: the default of plain http, which this server speaks.
    return host && isAllowed({ hostname: host.hostname, port: host.port ?? 80 }) ? null : header;
  }

  function crossSiteWrite(request: FastifyRequest): string | null {
    if (SAFE_METHODS.has(request.method)) return null;
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite !== undefined && !OWN_FETCH_SITES.has(fetchSite)) return crossSiteMessage('Sec-Fetch-Site', fetchSite);
    const origin = request.headers.origin;
    if (origin === undefined) return null;
    // 'null' (a sandboxed frame, a file:// page) and any other shape is nobody this server knows.
    const from = parseOrigin(origin);
    if (!from) return crossSiteMessage('Origin', origin);
    if (isAllowed(from)) return null;
    // The scheme counts: http://health.example.com is not the https page the TLS proxy serves (whoever sits on the
    // network between could have made it). The server's own names (loopback, HOST) name no scheme and allow both.
    const { hostname, port } = from;
    return isAllowed({ hostname, port }) ? wrongSchemeMessage(origin) : crossSiteMessage('Origin', origin);
  }

  app.addHook('onRequest', async (request, reply) => {
    const host = misdirectedHost(request);
    if (host !== null) return reply.status(421).send({ message: misdirectedMessage(host) });
    const refusal = crossSiteWrite(request);
    if (refusal !== null) return reply.status(403).send({ message: refusal });
  });
}
