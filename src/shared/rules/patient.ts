/**
 * The spec fixes the patient as user 1 on every screen and every call (part 1 §1, §6). Server and web
 * read it from here; sign-in, later, replaces this constant with a session on both sides.
 */
export const CURRENT_USER_ID = 1;
