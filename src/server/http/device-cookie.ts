import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_REMEMBERED_DAYS } from '../auth/sign-in-devices';

// The device cookie (OWASP's "Slow Down Online Guessing Attacks with Device Cookies", issue 29): a browser that signed
// in before carries it, and its sign-in attempts are counted apart from everyone else's (auth/sign-in-throttle.ts),
// so that a stranger's guessing never keeps the owner's own devices out. Named and flagged as the session cookie is
// (http/session-cookie.ts): __Host- and Secure on an https page, HttpOnly, SameSite=Strict, Path=/.

export const SECURE_DEVICE_COOKIE = '__Host-healthassist-device';
export const PLAIN_DEVICE_COOKIE = 'healthassist-device';
/**
 * A year from the latest sign-in, as long as the device is remembered: one the patient uses keeps it, one unused for
 * longer is a stranger again.
 */
const DEVICE_COOKIE_SECONDS = DEVICE_REMEMBERED_DAYS * 24 * 60 * 60;
/** Longer than any value newSecret() makes: no cookie of ours. */
const DEVICE_ID_MAX_LENGTH = 128;

/** The request's device cookie, or null. The __Host- one wins where both came. */
export function readDeviceCookie(request: FastifyRequest): string | null {
  let plain: string | null = null;
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    const name = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (!value || value.length > DEVICE_ID_MAX_LENGTH) continue;
    if (name === SECURE_DEVICE_COOKIE) return value;
    if (name === PLAIN_DEVICE_COOKIE) plain = value;
  }
  return plain;
}

/** Gives this browser its device cookie, beside whatever else the answer sets. */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, id: string): void {
  const secure = request.protocol === 'https' || request.headers.origin?.startsWith('https://') === true;
  const name = secure ? SECURE_DEVICE_COOKIE : PLAIN_DEVICE_COOKIE;
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${DEVICE_COOKIE_SECONDS}`, ...(secure ? ['Secure'] : [])];
  reply.header('Set-Cookie', `${name}=${id}; ${attributes.join('; ')}`);
}
