import { CURRENT_USER_ID } from '../../shared/rules/patient';
import { notFound } from './errors';

/** The one place on the server that decides who the patient is; sign-in, later, changes this module. */
export function currentUserId(): number {
  return CURRENT_USER_ID;
}

/** A path or body naming another user gets the same 404 as a user that does not exist. */
export function requireCurrentUser(userId: number): number {
  if (userId !== currentUserId()) throw notFound('User not found');
  return userId;
}
