import { formatDate, formatDateTime } from '../../../../shared/rules/formats';
import { ACCESS_TOKEN_DEFAULT_DAYS } from '../../../../shared/rules/sign-in';

interface TokenLife {
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** How long a new token may work, as the form offers it: the select's value, and the days it sends (null: never). */
export const TOKEN_LIFE_OPTIONS = [
  { value: String(ACCESS_TOKEN_DEFAULT_DAYS), label: `${ACCESS_TOKEN_DEFAULT_DAYS} days`, days: ACCESS_TOKEN_DEFAULT_DAYS },
  { value: '90', label: '90 days', days: 90 },
  { value: '365', label: '1 year', days: 365 },
  { value: 'never', label: 'Never', days: null },
] as const;

export const lifeOption = (days: number | null | undefined): string => (days === null ? 'never' : String(days ?? ACCESS_TOKEN_DEFAULT_DAYS));
export function lifeDays(option: string): number | null {
  const chosen = TOKEN_LIFE_OPTIONS.find(({ value }) => value === option);
  return chosen ? chosen.days : ACCESS_TOKEN_DEFAULT_DAYS;
}

/**
 * A token's life as Settings lists it: when it stops working ('Expires Dec 25, 2026', 'Never expires', or an
 * 'Expired …' badge once past; nothing once revoked, which says more) and its last use.
 */
export function tokenLifeWords(token: TokenLife, now = new Date()): { expiry: string | null; expired: string | null; use: string } {
  const use = token.lastUsedAt ? `Last used ${formatDateTime(token.lastUsedAt, now)}` : 'Never used';
  if (token.revokedAt) return { expiry: null, expired: null, use };
  if (token.expiresAt === null) return { expiry: 'Never expires', expired: null, use };
  if (Date.parse(token.expiresAt) <= now.getTime()) return { expiry: null, expired: `Expired ${formatDate(token.expiresAt)}`, use };
  return { expiry: `Expires ${formatDate(token.expiresAt)}`, expired: null, use };
}
