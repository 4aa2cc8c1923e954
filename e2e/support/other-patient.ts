/**
 * The 'other-patient' template's account (make-template.ts): its id is not 1, so a screen that still assumed user 1
 * would ask for a patient the session does not name, and get a 404.
 */
export const OTHER_PATIENT = { id: 7, passphrase: 'seven quiet harbour lanterns' } as const;
