/** The spec fixes the patient as user 1 on every screen; sign-in, later, replaces this constant. */
export const CURRENT_USER_ID = 1;
