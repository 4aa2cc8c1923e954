import type { FastifyRequest } from 'fastify';

// The open app (ADR 17): before any way in exists, an install only this machine reaches works without signing in.
// HOST and ALLOWED_HOSTS say how it was meant to be reached, not how a request came: ngrok with host rewrite,
// cloudflared and `tailscale serve` all forward to 127.0.0.1 with a loopback Host. So a request is let into the open
// app only when it came straight from this machine: its socket's peer is a loopback address and it carries no header
// that a proxy or tunnel adds (issue 29, finding 4). Anything else is treated as beyond loopback: the setup code first.

/** Headers a proxy or tunnel adds in front of the app; any X-Forwarded-* counts too. */
const FORWARDING_HEADERS = ['forwarded', 'via', 'x-real-ip', 'cf-connecting-ip', 'true-client-ip'];

/** 127.0.0.0/8 and ::1, also as an IPv4-mapped IPv6 address (::ffff:127.0.0.1), as Node reports a socket's peer. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4)) return true;
  return /^(0{0,4}:){7}0{0,3}1$|^::1$/.test(address.toLowerCase());
}

/** Whether the request's headers show a proxy or tunnel in front of the app. */
export function wasForwarded(headers: FastifyRequest['headers']): boolean {
  return Object.keys(headers).some((name) => {
    const lower = name.toLowerCase();
    return lower.startsWith('x-forwarded-') || FORWARDING_HEADERS.includes(lower);
  });
}

/** Where a request came from, as far as the open app is concerned. */
export type Reach = 'this-machine' | 'beyond' | 'gone';

/**
 * Straight from this machine: the socket's own peer (never request.ip, which TRUST_PROXY rewrites from a header) is
 * loopback, and nothing was forwarded. Gone: the client closed its connection before it was answered; Node forgets a
 * socket's peer when it closes, so its missing address says nothing about where it was (a browser tab closed while
 * its requests were on their way, on this very machine).
 */
export function reachOf(request: Pick<FastifyRequest, 'headers' | 'socket'>): Reach {
  if (request.socket.destroyed) return 'gone';
  return isLoopbackAddress(request.socket.remoteAddress) && !wasForwarded(request.headers) ? 'this-machine' : 'beyond';
}
