/**
 * The immunizations list's query key, apart from its module: completing a vaccine care item (preventative-care.ts,
 * appointments.ts) adds an immunization on the server (issue 34), and those modules must not import the list's, which
 * imports theirs.
 */
export const immunizationsKey = (userId: number) => ['immunizations', userId] as const;
