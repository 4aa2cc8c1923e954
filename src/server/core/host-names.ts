/** A host name in the one form that is compared: lower case, IPv6 in brackets, no trailing dot. */
export interface HostName {
  hostname: string;
  /** null when none was written. */
  port: number | null;
}

/** A host with its port written out, as a request reaches it. */
export interface HostAndPort {
  hostname: string;
  port: number;
}

/**
 * 'name' or 'name:port', where name is a DNS name or an IPv4 address, or an IPv6 address in brackets.
 * Anything else (a URL, user info, a path, spaces) is no host name: this is what keeps 'a@localhost' or
 * 'localhost/x' from reaching the URL parser below, which would read them as localhost.
 */
const HOST_AND_PORT = /^(\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::(\d{1,5}))?$/i;

/** Reads a Host header or an ALLOWED_HOSTS entry; null when it is not a host name. */
export function parseHost(text: string): HostName | null {
  const match = HOST_AND_PORT.exec(text);
  if (!match) return null;
  const port = match[2] === undefined ? null : Number(match[2]);
  if (port !== null && (port < 1 || port > 65535)) return null;
  const hostname = canonicalHostname(match[1]!);
  return hostname ? { hostname, port } : null;
}

export type Scheme = 'http' | 'https';

/** An origin as a browser names the page that sent a request: its scheme, its host and the port written out. */
export interface Origin extends HostAndPort {
  scheme: Scheme;
}

/** An ALLOWED_HOSTS entry: a host name, with the scheme it is opened over when the entry says one. */
export interface HostEntry extends HostName {
  /** null: the entry names no scheme. */
  scheme: Scheme | null;
}

const SCHEME_PREFIX = /^(https?):\/\/(.+)$/i;

/** 'http://name[:port]' or 'https://…' with nothing after it, as browsers send Origin; null for 'null' and the rest. */
export function parseOrigin(text: string): Origin | null {
  const match = SCHEME_PREFIX.exec(text);
  if (!match) return null;
  const host = parseHost(match[2]!);
  if (!host) return null;
  const scheme = match[1]!.toLowerCase() as Scheme;
  // An origin leaves its scheme's default port out; it is that port all the same.
  return { scheme, hostname: host.hostname, port: host.port ?? (scheme === 'https' ? 443 : 80) };
}

/** 'name[:port]', or the same after 'http://' or 'https://' (nothing after it); null for anything else. */
export function parseHostEntry(text: string): HostEntry | null {
  const match = SCHEME_PREFIX.exec(text);
  const host = parseHost(match ? match[2]! : text);
  if (!host) return null;
  return { ...host, scheme: match ? (match[1]!.toLowerCase() as Scheme) : null };
}

export function formatHostEntry(entry: HostEntry): string {
  return entry.scheme ? `${entry.scheme}://${formatHost(entry)}` : formatHost(entry);
}

export function formatHost({ hostname, port }: HostName): string {
  return port === null ? hostname : `${hostname}:${port}`;
}

/**
 * The WHATWG URL parser writes a name as browsers do before they send it: lower case, '[::1]' for
 * '[0:0:0:0:0:0:0:1]', '127.0.0.1' for '127.1'. A trailing dot names the same DNS name ('localhost.').
 */
function canonicalHostname(name: string): string | null {
  let hostname: string;
  try {
    hostname = new URL(`http://${name}`).hostname;
  } catch {
    return null;
  }
  if (hostname.endsWith('.')) hostname = hostname.slice(0, -1);
  return hostname === '' ? null : hostname;
}
