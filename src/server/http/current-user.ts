import { notFound } from './errors';

/**
 * The one place that decides who the patient is. The spec fixes it as user 1; sign-in, later,
 * replaces this module and nothing else.
 */
export const CURRENT_USER_ID = 1;

export function currentUserId(): number {
  return CURRENT_USER_ID;
}

/** A path or body naming another user gets the same 404 as a user that does not exist. */
export function requireCurrentUser(userId: number): number {
  if (userId !== currentUserId()) throw notFound('User not found');
  return userId;
}
