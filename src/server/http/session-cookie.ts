import type { FastifyReply, FastifyRequest } from 'fastify';

// The session cookie (ADR 17): HttpOnly, SameSite=Strict, Path=/; on https also Secure with the __Host- prefix, which
// the browser accepts only from a secure origin, with no Domain, for the whole site: no other host or path sets it.

export const SECURE_COOKIE_NAME = '__Host-healthassist-session';
export const PLAIN_COOKIE_NAME = 'healthassist-session';

/**
 * Whether the page that signs in is served over https, as the browser itself says in Origin (the request-origin guard
 * has already refused an Origin this server does not answer to). Behind a reverse proxy that ends TLS, the app sees
 * plain http but the browser an https page: its Origin is the one to trust, not a forwarded header anyone can send.
 */
function isSecurePage(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.headers.origin?.startsWith('https://') === true;
}

/** The session id the request's cookie holds, or null. The __Host- one wins where both came. */
export function readSessionCookie(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  let plain: string | null = null;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    const name = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (name === SECURE_COOKIE_NAME && value) return value;
    if (name === PLAIN_COOKIE_NAME && value) plain = value;
  }
  return plain;
}

/**
 * Sets the cookie for a session that starts now (or a new id for one): with 'keep me signed in' it expires with the
 * session's absolute end; without, it has no Expires and ends with the browser.
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: { id: string; expiresAt: Date; persistent: boolean }): void {
  const secure = isSecurePage(request);
  const name = secure ? SECURE_COOKIE_NAME : PLAIN_COOKIE_NAME;
  const expires = session.persistent ? [`Expires=${session.expiresAt.toUTCString()}`] : [];
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Strict', ...expires, ...(secure ? ['Secure'] : [])];
  reply.header('Set-Cookie', [`${name}=${session.id}; ${attributes.join('; ')}`, ...clearedOther(secure)]);
}

/** Both names cleared: at sign-out, or when the cookie names no open session. */
export function clearSessionCookie(reply: FastifyReply): void {
  reply.header('Set-Cookie', [...clearedOther(true), ...clearedOther(false)]);
}

/** The cookie of the other kind cleared, so that a browser never keeps an old session beside the new one. */
function clearedOther(secure: boolean): string[] {
  return secure
    ? [`${PLAIN_COOKIE_NAME}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0`]
    : [`${SECURE_COOKIE_NAME}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0; Secure`];
}
