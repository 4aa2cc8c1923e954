/** What PostgreSQL reports about a failed statement; both pg and PGlite put these fields on their error. */
interface DriverError extends Error {
  code: string;
  constraint?: string;
}

/** The driver's error: the error itself or, as Drizzle wraps it in a DrizzleQueryError, one of its causes. */
function findDriverError(error: unknown): DriverError | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as DriverError;
  }
  return undefined;
}

/** PostgreSQL's SQLSTATE of a failed statement: '23505' unique, '23503' foreign key, '23514' check, … */
export function sqlState(error: unknown): string | undefined {
  return findDriverError(error)?.code;
}

/** The name of the constraint a failed statement violated, when it violated one. */
export function violatedConstraint(error: unknown): string | undefined {
  const constraint = findDriverError(error)?.constraint;
  return typeof constraint === 'string' ? constraint : undefined;
}
