/**
 * Whether text reads as a telephone number a person would dial, in any country's way of writing it: an optional
 * leading '+', digits grouped by spaces, dots, dashes or one pair of brackets, 7 to 15 digits (E.164's longest),
 * and an optional extension ('x 12', 'ext. 12'). Deliberately not tied to one country's numbering plan: the app
 * does not know the patient's country, and a provider abroad is still a provider.
 */
export function isPhoneNumber(text: string): boolean {
  const match = /^(\+)?([\d\s().\-/]+?)(?:\s*(?:x|ext\.?|extension)\s*(\d{1,6}))?$/i.exec(text.trim());
  if (!match) return false;
  const body = match[2]!;
  const digits = body.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return false;
  // Brackets only as one balanced pair around a group of digits, e.g. '(555) 201-3300' or '+44 (0)20 7946 0018'.
  const brackets = body.replace(/[^()]/g, '');
  if (brackets !== '' && (brackets !== '()' || !/\(\d+\)/.test(body))) return false;
  // Separators only between digits: '555 - 201' reads as '555-201', but '--', '..' or a trailing dash do not pass.
  const compact = body.replace(/\s*([.\-/])\s*/g, '$1').replace(/\s+/g, ' ');
  return /^[\d(]/.test(compact) && /[\d)]$/.test(compact) && !/[ .\-/]{2,}/.test(compact);
}
